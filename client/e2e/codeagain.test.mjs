// Browser test of issue 34 item 10: the booking dialog closed and opened
// again a moment after "Получить код" offers the code already sent (valid
// five minutes) instead of "a new code in 35 s" with nowhere to type it.
//
// Run through TestBrowser: E2E_ONLY=codeagain go test ./server/site -run 'TestBrowser$'
import { test } from "node:test";
import assert from "node:assert/strict";
import { baseURL, freeTimes, hydrated, mobile, smsCode, watchProblems, withContext } from "./browser.mjs";

test("the code sent before closing the booking dialog can be typed after reopening it", async () => {
  await withContext({ viewport: mobile, isMobile: true, hasTouch: true }, async (page) => {
    const problems = watchProblems(page);
    await page.context().addCookies([{ name: "region", value: "tashkent", url: baseURL }]);
    await page.goto("/doctors/kardiolog");
    await freeTimes(page, "cards");
    await hydrated(page, "BookingForm");
    const times = page.locator(".doctor-summary .slot-button");
    await times.first().click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("timer").waitFor();
    await dialog.getByLabel("Номер телефона").fill("90 730 00 09");
    await dialog.getByRole("button", { name: "Получить код" }).click();
    await dialog.getByLabel("Код из SMS").waitFor();

    // Closed (the hold released), then another time picked at once.
    await dialog.getByRole("button", { name: "Закрыть" }).click();
    await dialog.waitFor({ state: "detached" });
    await times.nth(1).click();
    await dialog.getByRole("timer").waitFor();
    const code = dialog.getByLabel("Код из SMS");
    await code.waitFor();
    assert.match(await dialog.getByRole("status").first().innerText(), /\+998 90 730-00-09/);
    assert.equal(await dialog.getByText(/Новый код можно запросить/).count(), 0);
    await code.fill(await smsCode("+998907300009"));
    await dialog.getByRole("button", { name: "Войти", exact: true }).click();
    // Signed in: the form asks who the visit is for.
    await dialog.getByText("Кто пойдёт на приём").waitFor();
    assert.deepEqual(problems, [], problems.join("\n"));
  });
});
