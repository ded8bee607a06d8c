// Browser test of the editors' dashboard (/dashboard): an editor signs in
// and sees the charts (SVG with a title and a description, a table of the
// same figures) in Russian and Uzbek, on a phone and a desktop; a visitor
// who is not signed in is sent home. server/site's TestBrowser grants the
// editor role to +998 90 777-00-11 and writes a month of page views.
// With SCREENSHOT_DIR set (make screenshots-dashboard) it saves pictures.
import { test } from "node:test";
import assert from "node:assert/strict";
import { desktop, hydrated, mobile, screenshot, smsCode, watchProblems, withContext } from "./browser.mjs";

async function signIn(page) {
  await page.goto("/doctors");
  await Promise.all([page.waitForURL((u) => u.pathname === "/login"), page.locator(".header__account--guest").click()]);
  await hydrated(page, "SignInForm");
  await page.getByLabel("Номер телефона").pressSequentially("907770011");
  await page.getByRole("button", { name: "Получить код" }).click();
  await page.getByText("Код отправлен на +998 90 777-00-11.").waitFor();
  await page.getByLabel("Код из SMS").fill(await smsCode("+998907770011"));
  await Promise.all([page.waitForURL((u) => u.pathname !== "/login"), page.getByRole("button", { name: "Войти", exact: true }).click()]);
}

test("the dashboard: charts with text alternatives for an editor, in both languages, phone and desktop", async () => {
  await withContext({ viewport: desktop }, async (page) => {
    const problems = watchProblems(page);
    await signIn(page);
    for (const [path, heading, views] of [
      ["/dashboard", "Панель редактора", "Просмотры по дням и разделам"],
      ["/uz/dashboard", "Muharrir paneli", "Kunlar va bo'limlar bo'yicha ko'rishlar"],
    ]) {
      const res = await page.goto(path);
      assert.equal(res.status(), 200);
      assert.match(res.headers()["cache-control"], /no-store/);
      assert.equal(await page.getByRole("heading", { level: 1 }).innerText(), heading);
      assert.equal(await page.locator('meta[name="robots"]').getAttribute("content"), "noindex, follow");
      const chart = page.getByRole("img", { name: views });
      assert.equal(await chart.count(), 1, "the daily chart is an image named by its title");
      assert.ok((await page.locator("svg[role=img] desc").count()) >= 2, "each chart has a description");
      assert.ok((await page.locator("figure details table").count()) >= 2, "each chart has a table");
      assert.ok((await page.locator("svg rect").count()) > 10, "the charts have bars");
      await screenshot(page, `dashboard-desktop-${path.startsWith("/uz") ? "uz" : "ru"}.png`);
      await page.setViewportSize(mobile);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `the page is wider than a phone by ${overflow}px`);
      await screenshot(page, `dashboard-phone-${path.startsWith("/uz") ? "uz" : "ru"}.png`);
      await page.setViewportSize(desktop);
    }
    assert.deepEqual(problems, []);
  });
});

test("the dashboard sends a visitor who is not signed in home", async () => {
  await withContext({ viewport: mobile }, async (page) => {
    await page.goto("/dashboard");
    assert.equal(new URL(page.url()).pathname, "/");
  });
});
