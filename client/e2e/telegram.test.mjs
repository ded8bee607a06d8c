// Browser test of the Telegram Mini App (issue 31) on a 390 px phone, with
// a stub of window.Telegram.WebApp carrying initData signed with the
// test's bot token: opened at a doctor, the patient is signed in from
// Telegram (the stub's requestContact delivers the contact to the bot's
// webhook, as Telegram does), the page takes Telegram's colours, a time
// is booked, the visit is in /history and is cancelled there.
//
// It runs against the second, Telegram-enabled site of TestBrowser
// (TELEGRAM_BASE_URL, TELEGRAM_TEST_TOKEN, TELEGRAM_WEBHOOK_SECRET).
import { test } from "node:test";
import assert from "node:assert/strict";
import { createHash, createHmac, randomInt } from "node:crypto";
import { mobile, hydrated, freeTimes, watchProblems, withContext, screenshot } from "./browser.mjs";

const base = process.env.TELEGRAM_BASE_URL?.replace(/\/+$/, "");
const token = process.env.TELEGRAM_TEST_TOKEN;
const secret = process.env.TELEGRAM_WEBHOOK_SECRET;

/** initData signs fields as Telegram does for a Mini App. */
function initData(fields) {
  const check = Object.keys(fields).sort().map((k) => `${k}=${fields[k]}`).join("\n");
  const key = createHmac("sha256", "WebAppData").update(token).digest();
  const hash = createHmac("sha256", key).update(check).digest("hex");
  return new URLSearchParams({ ...fields, hash }).toString();
}

const theme = { bg_color: "#17212b", secondary_bg_color: "#232e3c", text_color: "#f5f5f5", hint_color: "#708499", button_color: "#5288c1", button_text_color: "#ffffff" };

// stub is window.Telegram.WebApp as telegram-web-app.js makes it, enough
// for the site: its requestContact posts the contact to the bot's webhook
// (Telegram's part) and says yes.
function stub({ initData, theme, secret, user, phone }) {
  const calls = [];
  window.__telegram = { calls, back: null };
  window.Telegram = {
    WebApp: {
      initData,
      themeParams: theme,
      ready: () => calls.push("ready"),
      expand: () => calls.push("expand"),
      onEvent: () => {},
      BackButton: {
        show: () => calls.push("back.show"),
        hide: () => calls.push("back.hide"),
        onClick: (fn) => (window.__telegram.back = fn),
      },
      requestContact: (done) => {
        calls.push("requestContact");
        const update = { update_id: Math.floor(Math.random() * 1e9) + 1, message: { message_id: 1, from: { id: user, first_name: "Test" }, chat: { id: user, type: "private" }, contact: { phone_number: phone, user_id: user } } };
        fetch("/api/telegram/webhook", { method: "POST", headers: { "Content-Type": "application/json", "X-Telegram-Bot-Api-Secret-Token": secret }, body: JSON.stringify(update) }).then(() => done(true));
      },
    },
  };
}

/** themed waits until the page has Telegram's button colour as its brand. */
function themed(page) {
  return page.waitForFunction((c) => getComputedStyle(document.documentElement).getPropertyValue("--brand").trim() === c, theme.button_color);
}

function markCancellable(page, selector) {
  return page.$$eval(selector, (buttons, min) => {
    for (const b of buttons) if (Date.parse(b.dataset.start) > min) b.dataset.cancellable = "";
  }, Date.now() + 3 * 3600 * 1000);
}

test("the Mini App on a phone: open at a doctor, sign in from Telegram, book, /history, cancel", { skip: !base && "TELEGRAM_BASE_URL is not set" }, async () => {
  await withContext({ baseURL: base, viewport: mobile, isMobile: true, hasTouch: true }, async (page, context) => {
    const problems = watchProblems(page);
    // A doctor with free times past any cancel cut-off.
    await page.goto("/samarkand/doctors/kardiolog");
    await freeTimes(page, "cards");
    await page.locator(".doctor-summary .slot-button").first().waitFor();
    await markCancellable(page, ".doctor-summary .slot-button");
    const card = page.locator(".doctor-summary").filter({ has: page.locator(".slot-button[data-cancellable]") }).first();
    const doctorPath = await card.locator(".doctor-summary__name a").getAttribute("href");
    const doctorName = (await card.locator(".doctor-summary__name").innerText()).trim();

    // From here on the pages are inside Telegram.
    const user = 800000000 + randomInt(1e8);
    const phone = "+99893" + String(randomInt(1e7)).padStart(7, "0");
    const data = initData({
      query_id: "AAq" + user,
      user: JSON.stringify({ id: user, first_name: "Test", language_code: "ru" }),
      auth_date: String(Math.floor(Date.now() / 1000)),
    });
    await context.addInitScript(stub, { initData: data, theme, secret, user, phone });
    await page.goto(doctorPath);
    // Signed in from Telegram: the contact asked once, the page reloaded signed in.
    await page.locator("html[data-signed-in]").waitFor({ state: "attached" });
    const calls = await page.evaluate(() => window.__telegram.calls);
    assert.ok(calls.includes("ready"), `Telegram.WebApp.ready() called: ${calls}`);
    assert.equal(await page.evaluate(() => sessionStorage.getItem("sogliq:telegram")), "1");
    // Telegram's colours are the page's.
    await themed(page);
    assert.equal(await page.locator("html[data-telegram] .footer").isVisible(), false, "no site footer inside Telegram");

    // Book a time on the doctor's week.
    await freeTimes(page, "week");
    await hydrated(page, "BookingForm");
    const more = page.locator(".slot-grid .week-slots__more");
    while ((await more.count()) > 0) await more.first().click();
    await markCancellable(page, ".slot-grid .slot-button");
    await page.locator(".slot-grid .slot-button[data-cancellable]").first().click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Ваше имя").fill("Нодира");
    await dialog.getByLabel("Ваша фамилия").fill("Юсупова");
    await dialog.getByLabel("Ваша дата рождения").fill("1990-05-01");
    await dialog.getByLabel("Согласен на обработку персональных данных и передачу их клинике для записи").check();
    await Promise.all([page.waitForURL((u) => /^\/history\/\d+$/.test(u.pathname)), dialog.getByRole("button", { name: "Записаться", exact: true }).click()]);
    const id = new URL(page.url()).pathname.split("/").pop();
    assert.ok((await page.locator(".booking-done__facts").innerText()).includes(doctorName));

    // /history lists it; cancel it there.
    await page.goto("/history");
    await hydrated(page, "BookingActions");
    const visit = page.locator(`.history__list--upcoming .booking-card[data-booking="${id}"]`);
    await visit.getByRole("button", { name: "Отменить запись" }).click();
    await visit.getByRole("button", { name: "Да, отменить" }).click();
    const cancelled = page.locator(`.booking-card--cancelled[data-booking="${id}"]`);
    await cancelled.waitFor();
    assert.equal((await cancelled.locator(".booking-card__status").innerText()).trim(), "Отменена");
    await screenshot(page, "telegram-history-mobile.png");

    // Telegram's back button is shown away from the entry, and goes back.
    await page.waitForFunction(() => window.__telegram.calls.includes("back.show") && window.__telegram.back);
    const before = page.url();
    await Promise.all([page.waitForURL((u) => u.href !== before), page.evaluate(() => window.__telegram.back())]);
    assert.deepEqual(problems, []);
  });
});

test("a deep link to a doctor without Telegram's script: the entry page asks for the contact and comes back signed in", { skip: !base && "TELEGRAM_BASE_URL is not set" }, async () => {
  await withContext({ baseURL: base, viewport: mobile, isMobile: true, hasTouch: true }, async (page, context) => {
    const problems = watchProblems(page);
    await page.goto("/samarkand/doctors/kardiolog");
    const doctorPath = await page.locator(".doctor-summary__name a").first().getAttribute("href");
    const user = 800000000 + randomInt(1e8);
    const phone = "+99893" + String(randomInt(1e7)).padStart(7, "0");
    const data = initData({
      query_id: "AAq" + user,
      user: JSON.stringify({ id: user, first_name: "Test", language_code: "ru" }),
      auth_date: String(Math.floor(Date.now() / 1000)),
    });
    // Telegram's script, served from https://telegram.org as the page asks
    // for it (the telegram layout's CSP must allow it): the stub, with no
    // initData of its own (it was in the first page's address).
    const script = `(${stub.toString()})(${JSON.stringify({ initData: "", theme, secret, user, phone })})`;
    let loaded = 0;
    await context.route("https://telegram.org/js/telegram-web-app.js", (route) => {
      loaded++;
      return route.fulfill({ contentType: "text/javascript", body: script });
    });
    // The phone app's bridge, in every page (Telegram's script uses it;
    // without the script the site does for the back button).
    await context.addInitScript(() => {
      window.__bridge = [];
      window.TelegramWebviewProxy = { postEvent: (type, data) => window.__bridge.push([type, data]) };
    });
    const launch = new URLSearchParams({ tgWebAppData: data, tgWebAppVersion: "7.0", tgWebAppThemeParams: JSON.stringify(theme) });
    await page.goto(`${doctorPath}#${launch}`);
    // To /opentelegram for the contact, and back to the doctor signed in.
    await page.waitForURL((u) => u.pathname === "/opentelegram" && u.searchParams.get("next") === doctorPath);
    await page.waitForURL((u) => u.pathname === doctorPath);
    await page.locator("html[data-signed-in]").waitFor({ state: "attached" });
    assert.equal(loaded, 1, "Telegram's script loaded once, on the entry page");
    // The colours from the first page's address.
    await themed(page);
    // The back button, through the bridge: shown, and it goes back.
    await page.waitForFunction(() => window.__bridge.some(([type, data]) => type === "web_app_setup_back_button" && JSON.parse(data).is_visible));
    const here = page.url();
    await Promise.all([page.waitForURL((u) => u.href !== here), page.evaluate(() => window.Telegram.WebView.receiveEvent("back_button_pressed"))]);
    assert.deepEqual(problems, []);
  });
});

test("/desk gives a staff member the bot's one-time link code", { skip: !base && "TELEGRAM_BASE_URL is not set" }, async () => {
  await withContext({ baseURL: base, viewport: mobile, isMobile: true, hasTouch: true }, async (page, context) => {
    const problems = watchProblems(page);
    await context.addCookies([{ name: "token", value: process.env.TELEGRAM_STAFF_SESSION, url: base }]);
    await page.goto("/desk");
    await hydrated(page, "TelegramLink");
    await page.getByRole("button", { name: "Получать записи в Telegram" }).click();
    const code = page.locator(".telegram-link__code");
    await code.waitFor();
    assert.match(await code.innerText(), /^Отправьте боту команду \/start link-[A-Z2-9]{8} в течение 15 мин\.$/);
    assert.match(await code.locator("a").getAttribute("href"), /^https:\/\/t\.me\/sogliq_test_bot\?start=link-[A-Z2-9]{8}$/);
    assert.deepEqual(problems, []);
  });
});

/** loginFields are the login widget's fields for Telegram user id, signed as Telegram does (key SHA256(token)), base64 JSON. */
function loginResult(id, age = 0) {
  const fields = { id, first_name: "Staff", username: "staff", auth_date: Math.floor(Date.now() / 1000) - age };
  const check = Object.keys(fields).sort().map((k) => `${k}=${fields[k]}`).join("\n");
  fields.hash = createHmac("sha256", createHash("sha256").update(token).digest()).update(check).digest("hex");
  return Buffer.from(JSON.stringify(fields)).toString("base64");
}

test("/login back from Telegram's sign-in page: links Telegram to the signed-in account once, then signs that account in", { skip: !base && "TELEGRAM_BASE_URL is not set" }, async () => {
  const tg = 700000000 + randomInt(1e8);
  const first = loginResult(tg, 5);
  // Back from Telegram: a fresh load of /login with the fields in the hash.
  const back = async (page, result) => {
    await page.goto("about:blank");
    await page.goto(`/login#tgAuthResult=${result}`, { waitUntil: "commit" });
  };
  await withContext({ baseURL: base, viewport: mobile, isMobile: true, hasTouch: true }, async (page, context) => {
    await context.addCookies([{ name: "token", value: process.env.TELEGRAM_STAFF_SESSION, url: base }]);
    await back(page, first);
    await page.waitForURL((u) => u.pathname === "/profile");
    // The same fields again: used once already, refused, and said so.
    await back(page, first);
    await page.locator(".telegram-notice", { hasText: "С этими данными Telegram уже входили" }).waitFor();
    assert.equal(new URL(page.url()).hash, "", "the fields leave the address");
  });
  // Signed out, the linked Telegram signs that account in.
  await withContext({ baseURL: base, viewport: mobile, isMobile: true, hasTouch: true }, async (page) => {
    const problems = watchProblems(page);
    await page.goto("/login");
    assert.match(await page.locator(".account__telegram a").getAttribute("href"), /^https:\/\/oauth\.telegram\.org\/auth\?bot_id=4242&/);
    await back(page, loginResult(tg));
    // The staff member never completed registration: that comes next, for their phone.
    await page.waitForURL((u) => u.pathname === "/register/finalize");
    assert.match(await page.locator("main").innerText(), /\+998 90 111-99-02/);
    assert.deepEqual(problems, []);
  });
});
