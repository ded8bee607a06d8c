// Browser tests of the page-view sender (SPEC §3, §4 Tracking, §7, §8):
// the fields, once per page after the 300 ms debounce, after navigation
// and after a route change inside the page, a phone and a desktop user
// agent, a 404 from the endpoint silent. The views each test saw are
// written to $ANALYTICS_SEEN (one JSON line each), and server/site's
// TestBrowser checks that analytic_events holds them.
//
// Run against a running site: BASE_URL=http://127.0.0.1:8080 node --test client/e2e/
import { test } from "node:test";
import assert from "node:assert/strict";
import { appendFile } from "node:fs/promises";
import { desktop, mobile, watchProblems, withContext } from "./browser.mjs";

const android = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36";
const iphone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
const linux = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36";

/** views records the page views the page sends, and their answers. */
function views(page) {
  const sent = [];
  page.on("request", (req) => {
    if (new URL(req.url()).pathname === "/api/analytic-events") sent.push({ at: Date.now(), body: JSON.parse(req.postData() || "{}") });
  });
  return sent;
}

/** settle waits until n views were sent and one more debounce has passed with none. */
async function settle(page, sent, n) {
  await page.waitForFunction(() => document.readyState === "complete");
  const deadline = Date.now() + 15_000;
  while (sent.length < n && Date.now() < deadline) await page.waitForTimeout(50);
  // A second view would come within the debounce; three of them pass quietly.
  await page.waitForTimeout(900);
}

async function remember(views) {
  if (!process.env.ANALYTICS_SEEN) return;
  await appendFile(process.env.ANALYTICS_SEEN, views.map((v) => JSON.stringify(v.body.params) + "\n").join(""));
}

for (const { name, userAgent, viewport, platform, device } of [
  { name: "a phone", userAgent: android, viewport: mobile, platform: "mobile", device: "android" },
  { name: "an iPhone", userAgent: iphone, viewport: mobile, platform: "mobile", device: "ios" },
  { name: "a desktop", userAgent: linux, viewport: desktop, platform: "desktop", device: "desktop" },
]) {
  test(`page views on ${name}: once on load, once after navigation, once after a route change`, async () => {
    await withContext({ userAgent, viewport }, async (page) => {
      const problems = watchProblems(page);
      const sent = views(page);
      const started = Date.now();
      await page.goto("/uz/doctors");
      await settle(page, sent, 1);
      assert.equal(sent.length, 1, "one view on load");
      assert.ok(sent[0].at - started >= 300, "sent after the debounce");
      const first = sent[0].body;
      assert.equal(first.event, "page_view");
      assert.deepEqual(Object.keys(first.params).sort(), ["device", "device_id", "page_id", "page_type", "platform", "route"]);
      assert.match(first.params.device_id, /^[A-Za-z0-9_-]{8,64}$/);
      assert.deepEqual({ ...first.params, device_id: "" }, { device_id: "", route: "/uz/doctors", page_type: "doctors", page_id: "", platform, device });
      assert.equal(await page.evaluate(() => localStorage.getItem("device_id")), first.params.device_id);

      // A link to another page: one more view, same device.
      const href = await page.locator('a[href^="/uz/doctors/"]').first().getAttribute("href");
      await Promise.all([page.waitForURL(href), page.locator(`a[href="${href}"]`).first().click()]);
      await settle(page, sent, 2);
      assert.equal(sent.length, 2, "one view after navigation");
      assert.equal(sent[1].body.params.device_id, first.params.device_id);
      assert.equal(sent[1].body.params.route, href);
      assert.equal(sent[1].body.params.page_type, "specialty");
      assert.equal(sent[1].body.params.page_id, href.split("/").pop());

      // Route changes inside the page, in a burst: one view for the last.
      await page.evaluate(() => {
        history.pushState(null, "", "/uz/faq");
        history.pushState(null, "", "/uz/klinika/some-clinic");
      });
      await settle(page, sent, 3);
      assert.equal(sent.length, 3, "one view for a burst of route changes");
      assert.deepEqual([sent[2].body.params.page_type, sent[2].body.params.page_id], ["clinic", "some-clinic"]);
      assert.deepEqual(problems, []);
      await remember(sent);
    });
  });
}

test("a 404 from the endpoint is silent; another failure is logged, and the page carries on", async () => {
  await withContext({ viewport: desktop }, async (page) => {
    const errors = [];
    page.on("console", (msg) => msg.type() === "error" && errors.push(msg.text()));
    page.on("pageerror", (err) => errors.push(err.message));
    let status = 404;
    await page.route("**/api/analytic-events*", (route) => route.fulfill({ status, contentType: "application/json", body: '{"data":null}' }));
    const sent = views(page);
    await page.goto("/faq");
    await settle(page, sent, 1);
    assert.equal(sent.length, 1);
    assert.deepEqual(errors.filter((e) => !e.includes("404")), [], "nothing logged for a 404");
    assert.ok(!errors.some((e) => e.includes("page view")), "nothing logged for a 404");
    status = 500;
    await page.evaluate(() => history.pushState(null, "", "/uz/faq"));
    await settle(page, sent, 2);
    assert.ok(errors.some((e) => e.includes("Error sending page view event")), `logged: ${errors}`);
    // The page still works: the burger menu or any link is there.
    assert.ok(await page.locator("main").count());
  });
});

test("/opentelegram sends no page view", async () => {
  await withContext({ viewport: mobile }, async (page) => {
    const sent = views(page);
    await page.goto("/opentelegram");
    await page.waitForTimeout(900);
    assert.equal(sent.length, 0);
  });
});
