// Browser test of the clinic and doctor track-events (SPEC §7, §8): the
// card view on a clinic's and a doctor's page, a phone shown, a route
// opened, the clinic's site opened, a booking started from the doctor's slot grid; a 404 from the
// endpoint is silent. Each event the browser saw accepted is written to
// $TRACK_SEEN (one JSON line: entity, id, event, route), and server/site's
// TestBrowser checks that analytic_events holds them.
//
// Run against a running site: BASE_URL=http://127.0.0.1:8080 node --test client/e2e/
import { test } from "node:test";
import assert from "node:assert/strict";
import { appendFile } from "node:fs/promises";
import { desktop, hydrated, mobile, watchProblems, withContext, freeTimes } from "./browser.mjs";

const trackPath = /^\/api\/(clinics|doctors)\/(\d+)\/track-event$/;

/** tracked records the track-events the page sends with their answers' status. */
function tracked(page) {
  const sent = [];
  page.on("requestfinished", async (req) => {
    const m = new URL(req.url()).pathname.match(trackPath);
    if (!m) return;
    const res = await req.response();
    const body = JSON.parse(req.postData() || "{}");
    sent.push({ entity: m[1] === "clinics" ? "clinic" : "doctor", id: Number(m[2]), event: body.event, route: body.route, device: body.device_id, status: res?.status() });
  });
  return sent;
}

/** until waits (by polling state, bounded) for an event of kind to be answered. */
async function until(page, sent, kind, n = 1) {
  const deadline = Date.now() + 15_000;
  while (sent.filter((s) => s.event === kind).length < n && Date.now() < deadline) await page.waitForTimeout(50);
  assert.ok(sent.filter((s) => s.event === kind).length >= n, `no ${kind} was sent: ${JSON.stringify(sent)}`);
}

async function remember(sent) {
  if (!process.env.TRACK_SEEN) return;
  await appendFile(process.env.TRACK_SEEN, sent.map((s) => JSON.stringify({ entity: s.entity, id: s.id, event: s.event, route: s.route }) + "\n").join(""));
}

/** keepHere stops links from leaving the page (tel:, the map in a new tab), after the page's own listeners ran. */
async function keepHere(page) {
  await page.evaluate(() => addEventListener("click", (e) => e.preventDefault()));
}

/** clinicWithSite is the contacts page of a listed clinic that has a website (state clinics have none). */
async function clinicWithSite(page) {
  await page.goto("/kliniki/byalltype/all");
  const links = await page.locator('main a[href^="/klinika/"]').evaluateAll((as) => [...new Set(as.map((a) => a.getAttribute("href")))]);
  for (const link of links) {
    const html = await (await page.request.get(link + "/kontakty")).text();
    if (html.includes('data-track="site_opened"')) return link;
  }
  assert.fail(`none of ${links.length} listed clinics shows a website`);
}

test("a clinic's page sends its card view, a phone shown, a route opened and a site opened", async () => {
  await withContext({ viewport: mobile }, async (page) => {
    const problems = watchProblems(page);
    const link = await clinicWithSite(page);
    const sent = tracked(page);
    await page.goto(link + "/kontakty");
    await page.locator('[data-card-tracker][data-tracking="true"]').waitFor({ state: "attached" });
    await until(page, sent, "card_view");
    await keepHere(page);
    await page.locator('a[href^="tel:"][data-track="phone_shown"]').first().click();
    await until(page, sent, "phone_shown");
    if (await page.locator('a[data-track="route_opened"]').count()) {
      await page.locator('a[data-track="route_opened"]').first().click();
      await until(page, sent, "route_opened");
    }
    const site = page.locator('a[data-track="site_opened"]');
    assert.match(await site.getAttribute("href"), /^https:\/\//);
    assert.equal(await site.getAttribute("target"), "_blank");
    assert.match(await site.getAttribute("rel"), /noopener/);
    await site.click();
    await until(page, sent, "site_opened");
    assert.deepEqual(sent.filter((s) => s.status !== 202), [], "every event accepted");
    assert.equal(new Set(sent.map((s) => s.id)).size, 1, "one clinic");
    assert.ok(sent.every((s) => s.entity === "clinic" && s.route === link + "/kontakty"));
    assert.equal(sent.filter((s) => s.event === "card_view").length, 1, "one card view");
    const device = await page.evaluate(() => localStorage.getItem("device_id"));
    assert.ok(sent.some((s) => s.device === device), "the page view's device id");
    assert.deepEqual(problems, []);
    await remember(sent);
  });
});

test("a doctor's page sends its card view, and a time picked starts a booking", async () => {
  await withContext({ viewport: desktop }, async (page) => {
    const problems = watchProblems(page);
    const sent = tracked(page);
    await page.goto("/doctors/kardiolog");
    const link = await page.locator('main a[href^="/doctor/"]').first().getAttribute("href");
    await page.goto(link);
    await page.locator('[data-card-tracker][data-tracking="true"]').waitFor({ state: "attached" });
    await until(page, sent, "card_view");
    await freeTimes(page, "week");
    await hydrated(page, "BookingForm");
    await page.locator(".slot-grid .slot-button").first().click();
    await until(page, sent, "booking_started", 2);
    const started = sent.filter((s) => s.event === "booking_started");
    assert.deepEqual(started.map((s) => s.entity).sort(), ["clinic", "doctor"]);
    assert.deepEqual(sent.filter((s) => s.status !== 202), [], "every event accepted");
    assert.deepEqual(problems, []);
    await remember(sent);
  });
});

test("a 404 from the track-event endpoint is silent", async () => {
  await withContext({ viewport: mobile }, async (page) => {
    const errors = [];
    page.on("console", (msg) => msg.type() === "error" && !msg.text().includes("404") && errors.push(msg.text()));
    page.on("pageerror", (err) => errors.push(err.message));
    let answered = 0;
    await page.route(/\/track-event/, (route) => {
      answered++;
      return route.fulfill({ status: 404, contentType: "application/json", body: '{"error":"gone"}' });
    });
    await page.goto("/kliniki/byalltype/all");
    const link = await page.locator('main a[href^="/klinika/"]').first().getAttribute("href");
    await page.goto(link);
    await page.locator('[data-card-tracker][data-tracking="true"]').waitFor({ state: "attached" });
    const deadline = Date.now() + 15_000;
    while (answered === 0 && Date.now() < deadline) await page.waitForTimeout(50);
    assert.equal(answered, 1, "the card view was sent");
    await page.waitForTimeout(300);
    assert.deepEqual(errors, [], "nothing logged for a 404");
  });
});
