// A 320 px phone (issue 34 item 14): on a listing and the FAQ, in both
// languages, every chip's label is whole (scrollWidth <= clientWidth) and
// every chip can be reached: a short row wraps inside the screen, a long
// one scrolls, shows it (a fading edge) and brings each chip clear of the
// fade; the header's, the breadcrumbs', the chips', the pages' and the
// FAQ's tap targets are at least 44 × 44 px; axe's target-size finds
// nothing.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { baseURL, withContext } from "./browser.mjs";

const require = createRequire(import.meta.url);
const axeSource = await readFile(require.resolve("axe-core/axe.min.js"), "utf8");

const phone = { width: 320, height: 700 };
// The width of the fade at a scrolling row's end (DoctorList.css).
const fade = 28;
// What a finger taps on these pages; each must be 44 × 44 where it shows.
const targets = [
  ".header__bar a", ".header__bar button", ".header__bar label", ".header__tools a", ".header__tools button",
  ".breadcrumbs a", ".tabs a", ".pagination a", ".faq summary",
].join(", ");

for (const path of ["/doctors/kardiolog", "/uz/doctors/kardiolog", "/faq", "/uz/faq"]) {
  test(`${path} at 320 px: chips whole and reachable, tap targets 44 px`, async () => {
    await withContext({ viewport: phone, isMobile: true, hasTouch: true }, async (page, context) => {
      await context.addCookies([{ name: "region", value: "tashkent", url: baseURL }]);
      const res = await page.goto(path);
      assert.equal(res?.status(), 200);

      const rows = page.locator(".tabs");
      const listing = path.includes("/doctors/");
      if (listing) {
        assert.ok((await page.locator(".doctor-list__sort a").count()) >= 2, "the listing has its order chips");
        // The districts' row is the long one, which scrolls.
        assert.ok(await page.locator(".doctor-list__districts").evaluate((el) => el.scrollWidth > el.clientWidth), "the districts' row does not scroll");
      }
      for (let r = 0; r < (await rows.count()); r++) {
        const row = rows.nth(r);
        const name = await row.getAttribute("aria-label");
        const chips = row.locator("a");
        const scrolls = await row.evaluate((el) => el.scrollWidth > el.clientWidth);
        if (scrolls) {
          const mask = await row.evaluate((el) => getComputedStyle(el).maskImage || getComputedStyle(el).webkitMaskImage);
          assert.match(mask, /gradient/, `${name}: a row that scrolls does not show it`);
        }
        for (let i = 0; i < (await chips.count()); i++) {
          const chip = chips.nth(i);
          const m = await chip.evaluate((el) => {
            el.scrollIntoView({ block: "center", inline: "nearest" });
            const c = el.getBoundingClientRect();
            const p = el.parentElement.getBoundingClientRect();
            const hit = document.elementFromPoint(c.left + c.width / 2, c.top + c.height / 2);
            return { label: el.textContent.trim(), sw: el.scrollWidth, cw: el.clientWidth, left: c.left, right: c.right, rowLeft: p.left, rowRight: p.right, hit: el === hit || el.contains(hit) };
          });
          assert.ok(m.sw <= m.cw, `${name}: the chip "${m.label}" is clipped (${m.sw} > ${m.cw})`);
          assert.ok(m.left >= -0.5 && m.right <= phone.width + 0.5, `${name}: the chip "${m.label}" (${m.left}–${m.right}) is off the screen`);
          const end = scrolls ? m.rowRight - fade : m.rowRight;
          assert.ok(m.left >= m.rowLeft - 0.5 && m.right <= end + 0.5, `${name}: the chip "${m.label}" (${m.left}–${m.right}) cannot be brought clear of the row's edge (${m.rowLeft}–${end})`);
          assert.ok(m.hit, `${name}: the chip "${m.label}" is covered`);
        }
      }

      const small = await page.evaluate((selector) => {
        const out = [];
        for (const el of document.querySelectorAll(selector)) {
          el.scrollIntoView({ block: "center", inline: "nearest" });
          const r = el.getBoundingClientRect();
          if (!r.width || !r.height) continue;
          // Only what a finger can reach: a folded box's button is not.
          const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          if (!hit || !(el === hit || el.contains(hit) || hit.contains(el))) continue;
          if (r.width < 44 - 0.5 || r.height < 44 - 0.5) out.push(`${el.tagName.toLowerCase()}.${el.className} "${el.textContent.trim().slice(0, 30)}" ${r.width.toFixed(1)}×${r.height.toFixed(1)}`);
        }
        return out;
      }, targets);
      assert.deepEqual(small, [], `tap targets under 44 × 44 px on ${path}`);
      if (path.endsWith("/faq")) assert.ok((await page.locator(".faq summary").count()) > 0, "the FAQ has questions");

      await page.evaluate(() => window.scrollTo(0, 0));
      await page.evaluate(axeSource);
      const axe = await page.evaluate(() => window.axe.run(document, { runOnly: ["target-size"] }));
      assert.deepEqual(axe.violations.map((v) => v.nodes.map((n) => n.target.join(" "))).flat(), [], "axe target-size");
      assert.equal(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), 0, "the page is wider than the phone");
    });
  });
}
