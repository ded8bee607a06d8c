// Browser test of the toasts (SPEC §4, §9): an island's success message is
// a toast in the page's one live region (role=status), an error a toast
// with role=alert, each closing after limits.toastMs (2000 ms), on a phone
// in Uzbek. The SMS code comes from the loopback gateway.
//
// Run against a running site: BASE_URL=... SMS_GATEWAY_URL=... node --test client/e2e/
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { hydrated, mobile, smsCode, watchProblems, withContext } from "./browser.mjs";

const limits = JSON.parse(await readFile(new URL("../../shared/limits.json", import.meta.url), "utf8"));

/** watchToasts records, in the page, when each toast was added and removed. */
async function watchToasts(page) {
  await page.evaluate(() => {
    const host = document.querySelector("body > .toasts");
    window.__toasts = [];
    new MutationObserver((records) => {
      for (const r of records) {
        r.addedNodes.forEach((n) => window.__toasts.push({ text: n.textContent, role: n.getAttribute("role"), kind: n.className, added: performance.now() }));
        r.removedNodes.forEach((n) => {
          const t = window.__toasts.find((x) => x.text === n.textContent && x.removed === undefined);
          if (t) t.removed = performance.now();
        });
      }
    }).observe(host, { childList: true });
  });
}

test("a saved profile is a toast that screen readers hear and that closes after 2000 ms", async () => {
  await withContext({ viewport: mobile, isMobile: true, hasTouch: true }, async (page) => {
    const problems = watchProblems(page);
    await page.goto("/uz/login");
    await hydrated(page, "SignInForm");
    await page.getByLabel("Telefon raqami").fill("+998 93 444 22 11");
    await page.getByRole("button", { name: "Kodni olish" }).click();
    // The code is read once the form says it was sent (the gateway took it).
    await page.getByText("Kod +998 93 444-22-11 raqamiga yuborildi.").waitFor();
    await page.getByLabel("SMS dagi kod").fill(await smsCode("+998934442211"));
    await Promise.all([
      page.waitForURL((u) => u.pathname === "/uz/register/finalize"),
      page.getByRole("button", { name: "Kirish", exact: true }).click(),
    ]);
    await hydrated(page, "ProfileForm");
    await page.getByLabel("Ism", { exact: true }).fill("Toast");
    await page.getByLabel("Familiya").fill("Sinov");
    await Promise.all([
      page.waitForURL((u) => u.pathname === "/uz/profile"),
      page.getByRole("button", { name: "Ro'yxatdan o'tishni yakunlash" }).click(),
    ]);

    await page.goto("/uz/profile/personal");
    await hydrated(page, "ProfileForm");
    // The live region is in the page before any toast, so its text is announced.
    const region = page.locator("body > .toasts");
    assert.equal(await region.getAttribute("role"), "status");
    assert.equal(await region.getAttribute("aria-live"), "polite");
    assert.equal(await region.locator(".toast").count(), 0);
    await watchToasts(page);

    await page.getByRole("button", { name: "Saqlash" }).click();
    const saved = page.getByRole("status").locator(".toast--success", { hasText: "Ma'lumotlar saqlandi" });
    await saved.waitFor();
    await saved.waitFor({ state: "detached" });
    const [t] = await page.evaluate(() => window.__toasts);
    assert.equal(t.text, "Ma'lumotlar saqlandi");
    const shown = t.removed - t.added;
    assert.ok(shown >= limits.toastMs - 5, `shown ${shown} ms, want ${limits.toastMs}`);
    assert.ok(shown < limits.toastMs + 3000, `shown ${shown} ms, want about ${limits.toastMs}`);

    // A failure is a toast too, an alert: the server is made to fail once.
    await page.route("**/api/account/profile*", (route) => route.fulfill({ status: 503, contentType: "application/json", body: '{"error":"Xizmat vaqtincha ishlamayapti."}' }), { times: 1 });
    await page.getByRole("button", { name: "Saqlash" }).click();
    const failed = page.locator("body > .toasts .toast--error");
    await failed.waitFor();
    assert.equal(await failed.getAttribute("role"), "alert");
    await failed.waitFor({ state: "detached" });
    assert.deepEqual(problems.filter((p) => !p.includes("503")), []);
  });
});
