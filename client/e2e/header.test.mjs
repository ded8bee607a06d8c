// Browser tests of the phone header (issue 17): scrolled, only the fixed
// bar remains, at most 64 px tall; the search is one tap away (the bar's
// search button focuses the box and brings it into view); region and
// language are there; nothing in the header is cut, in either language, at
// 320 and 390 px; the sidebar opens below the bar with the add-clinic link.
import { test } from "node:test";
import assert from "node:assert/strict";
import { baseURL, hydrated, smsCode, watchProblems, withContext } from "./browser.mjs";

/** cut lists the header's texts that do not fit their box, placeholders included. */
function cut(page) {
  return page.evaluate(() => {
    const out = [];
    for (const el of document.querySelectorAll(".header a, .header button, .header span, .header label")) {
      if (el.getClientRects().length === 0 || el.matches(".visually-hidden")) continue;
      if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== "visible") out.push(`${el.className}: ${el.textContent}`);
      const r = el.getBoundingClientRect();
      if (r.right > document.documentElement.clientWidth + 0.5) out.push(`${el.className} ends at ${r.right}`);
    }
    const input = document.querySelector("#header-search");
    const style = getComputedStyle(input, "::placeholder");
    const ctx = document.createElement("canvas").getContext("2d");
    ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = input.clientWidth - parseFloat(getComputedStyle(input).paddingLeft) - parseFloat(getComputedStyle(input).paddingRight);
    const need = ctx.measureText(input.placeholder).width;
    // Folded behind the magnifier on a phone, the box is measured once unfolded.
    if (input.closest("form").getBoundingClientRect().width > 1 && need > room) out.push(`placeholder "${input.placeholder}" needs ${Math.ceil(need)} px of ${Math.floor(room)}`);
    return out;
  });
}

for (const width of [320, 390]) {
  for (const path of ["/doctors/kardiolog", "/uz/karakalpakstan/doctors/kardiolog"]) {
    test(`${path} at ${width} px: a compact header, search one tap away, nothing cut`, async () => {
      await withContext({ viewport: { width, height: 740 }, isMobile: true, hasTouch: true }, async (page) => {
        const problems = watchProblems(page);
        await page.goto(path);
        await hydrated(page, "SearchBox");
        // Folded behind the magnifier, the search row takes no room (issue
        // 34 item 4); a tap unfolds it, whole.
        assert.ok(((await page.locator(".header__search").boundingBox())?.height ?? 0) <= 1, "the search row waits behind the magnifier");
        await page.locator("label.header__find").click();
        await page.waitForFunction(() => document.activeElement?.id === "header-search");
        assert.ok((await page.locator(".header__search").boundingBox()).height >= 40, "a tap on the magnifier shows the search row");
        assert.deepEqual(await cut(page), []);
        assert.ok(await page.locator("button.region-picker__button").isVisible(), "the region button is on the first screen");
        assert.ok(await page.locator(".lang-switcher").isVisible(), "the language switcher is on the first screen");

        await page.mouse.wheel(0, 1200);
        await page.waitForFunction(() => window.scrollY > 600);
        const covered = await page.evaluate(() => {
          // How far down the screen the header still covers the page.
          let bottom = 0;
          for (const el of document.querySelectorAll(".header, .header *")) {
            // The region prompt floats at the foot of the screen, not in the header.
            if (el.closest(".region-prompt")) continue;
            const r = el.getBoundingClientRect();
            if (r.height > 0 && r.bottom > 0 && getComputedStyle(el).visibility !== "hidden") bottom = Math.max(bottom, r.bottom);
          }
          return bottom;
        });
        assert.ok(covered <= 64, `scrolled, the header covers ${covered} px`);

        await page.locator("label.header__find").click();
        await page.waitForFunction(() => document.activeElement?.id === "header-search");
        const box = await page.locator("#header-search").boundingBox();
        assert.ok(box && box.y >= 0 && box.y + box.height <= 740, `the focused search box is on screen: ${JSON.stringify(box)}`);

        const bar = await page.locator(".header__bar").boundingBox();
        await page.locator("button.burger").click();
        await page.locator('#sidebar[data-open="true"]').waitFor({ state: "attached" });
        const first = page.locator("#sidebar a").first();
        await first.waitFor({ state: "visible" });
        const firstBox = await first.boundingBox();
        assert.ok(firstBox.y >= bar.y + bar.height, `the sidebar's first link (${firstBox.y}) is below the bar (${bar.y + bar.height})`);
        assert.equal(await page.locator("#sidebar a.sidebar__add").getAttribute("href"), "https://t.me/sogliq_bot");
        assert.deepEqual(problems, [], problems.join("\n"));
      });
    });
  }
}

// Issue 27, item 4: a signed-in patient's header says so on cached pages,
// which stay one for everyone: no island, no request of their own, and
// after signing out the header says Kirish again.
test("signed in, the header of a cached page leads to the account; signed out, to Kirish", async () => {
  await withContext({ viewport: { width: 320, height: 740 }, isMobile: true, hasTouch: true }, async (page, context) => {
    const problems = watchProblems(page);
    const listing = "/uz/doctors/kardiolog";
    const guest = page.locator(".header__account--guest");
    const account = page.locator(".header__account--user");
    await page.goto(listing);
    assert.ok(await guest.isVisible(), "a visitor is offered Kirish");
    assert.ok(!(await account.isVisible()));

    await page.goto("/uz/login");
    await hydrated(page, "SignInForm");
    await page.getByLabel("Telefon raqami").fill("+998 90 733-27-04");
    await page.getByRole("button", { name: "Kodni olish" }).click();
    await page.getByLabel("SMS dagi kod").fill(await smsCode("+998907332704"));
    await Promise.all([page.waitForURL((u) => u.pathname === "/uz/register/finalize"), page.getByRole("button", { name: "Kirish", exact: true }).click()]);
    const hint = (await context.cookies()).find((c) => c.name === "signed_in");
    assert.ok(hint && !hint.httpOnly, "the sign-in sets the signed_in hint, readable by the page");

    // The listing is the cached page every visitor gets, and no island
    // loads to say who is signed in.
    const plain = await (await fetch(baseURL + listing)).text();
    // The islands' chunks never arrive (held, not failed: a failed chunk reloads the page).
    await page.route("**/assets/islands/**", () => {});
    const res = await page.goto(listing, { waitUntil: "domcontentloaded" });
    assert.equal(res.headers()["x-cache"], "HIT", "the page comes from the cache");
    assert.match(res.headers()["cache-control"], /^public/);
    assert.equal(await res.text(), plain, "the signed-in visitor gets the page everyone gets");
    assert.ok(await account.isVisible(), "signed in, the header shows the account");
    assert.ok(!(await guest.isVisible()), "and no Kirish");
    assert.equal(await account.innerText(), "Shaxsiy kabinet");
    assert.equal(await account.getAttribute("href"), "/uz/profile");
    assert.deepEqual(await cut(page), [], "nothing of the header is cut at 320 px");
    await page.unroute("**/assets/islands/**");

    // Signing out (the profile's form) takes the hint away.
    await page.goto("/uz/profile");
    await Promise.all([page.waitForURL((u) => u.pathname === "/uz"), page.getByRole("button", { name: "Chiqish" }).click()]);
    assert.ok(!(await context.cookies()).some((c) => c.name === "signed_in"), "signing out clears the hint");
    await page.goto(listing);
    assert.ok(await guest.isVisible(), "signed out, Kirish again");
    assert.ok(!(await account.isVisible()));
    assert.deepEqual(problems.filter((p) => !p.includes("/assets/islands/")), [], problems.join("\n"));
  });
});
