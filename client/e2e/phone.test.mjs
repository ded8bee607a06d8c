// Browser test of the phone field's mask (issue 27, item 1): whatever way a
// patient types or pastes their number, key by key, the field shows it and
// the server sends the code to it, never to a number made of the country
// code's digits.
import { test } from "node:test";
import assert from "node:assert/strict";
import { hydrated, mobile, smsCode, watchProblems, withContext } from "./browser.mjs";

test("typing +998935550011 key by key on /uz/login sends the code to +998 93 555-00-11", async () => {
  await withContext({ viewport: mobile, isMobile: true, hasTouch: true }, async (page) => {
    const problems = watchProblems(page);
    await page.goto("/uz/login");
    await hydrated(page, "SignInForm");
    const phone = page.getByLabel("Telefon raqami");

    // Every spelling, typed key by key, comes out as the same number.
    for (const typed of ["998935550011", "8935550011", "935550011", "+998 93 555-00-11", "8 (93) 555 00 11"]) {
      await phone.fill("");
      await phone.pressSequentially(typed);
      assert.equal(await phone.inputValue(), "+998 93 555-00-11", `typed ${typed}`);
    }
    // Pasted: one input event with the whole text.
    await phone.fill("");
    await phone.fill("+998 93 555 00 11");
    assert.equal(await phone.inputValue(), "+998 93 555-00-11", "pasted");

    // The one that reached the issue: "+", then the country code, then the number.
    await phone.fill("");
    await phone.pressSequentially("+998935550011");
    assert.equal(await phone.inputValue(), "+998 93 555-00-11");
    const [request] = await Promise.all([
      page.waitForRequest((r) => new URL(r.url()).pathname === "/api/auth/code"),
      page.getByRole("button", { name: "Kodni olish" }).click(),
    ]);
    assert.equal(JSON.parse(request.postData() ?? "{}").phone, "+998 93 555-00-11");
    await page.getByText("Kod +998 93 555-00-11 raqamiga yuborildi.").waitFor();
    assert.match(await smsCode("+998935550011"), /^\d{6}$/);
    assert.deepEqual(problems, []);
  });
});
