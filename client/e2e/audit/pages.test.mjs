// Audits of every route's page (the list server/site/a11y_test.go writes
// into $AUDIT_PAGES: path and the Cookie header of its visitor): axe-core
// at 390 and 1366 px, 0 violations of any impact, and no horizontal
// overflow at 320, 360 and 390 px. Not in client/e2e/*.test.mjs: it needs
// the page list, so TestPagesAudit runs it on its own.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { baseURL, withContext } from "../browser.mjs";

const require = createRequire(import.meta.url);
const axeSource = await readFile(require.resolve("axe-core/axe.min.js"), "utf8");
const pages = JSON.parse(await readFile(process.env.AUDIT_PAGES, "utf8"));

/** cookiesOf turns a Cookie header into Playwright cookies for the site. */
function cookiesOf(header) {
  return header
    .split(";")
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const i = part.indexOf("=");
      return { name: part.slice(0, i), value: part.slice(i + 1), url: baseURL };
    });
}

/** axeViolations runs axe-core on the loaded page, every rule axe runs by default. */
async function axeViolations(page) {
  if (!(await page.evaluate(() => typeof window.axe === "object"))) await page.evaluate(axeSource);
  const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ["violations"] }));
  return result.violations.map(
    (v) => `${v.impact} ${v.id}: ${v.help}\n` + v.nodes.slice(0, 5).map((n) => `    ${n.target.join(" ")}: ${n.failureSummary?.split("\n").slice(1).join(" ")}`).join("\n"),
  );
}

/** overflow answers how much wider than the viewport the document is. */
function overflow(page) {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

// One browser per visitor; the pages of a visitor are visited in turn, each
// loaded once and measured at every width by resizing.
const byVisitor = new Map();
for (const p of pages) byVisitor.set(p.cookie, [...(byVisitor.get(p.cookie) ?? []), p]);
for (const [cookie, list] of byVisitor) {
  test(`axe-core and overflow, ${cookie ? "signed in" : "anonymous"} (${list.length} pages)`, async () => {
    const failures = [];
    await withContext({ viewport: { width: 390, height: 844 } }, async (page, context) => {
      if (cookie) await context.addCookies(cookiesOf(cookie));
      for (const { path, open } of list) {
        await page.setViewportSize({ width: 390, height: 844 });
        const res = await page.goto(path, { waitUntil: "load" });
        if (res?.status() !== 200) {
          failures.push(`${path}: HTTP ${res?.status()}`);
          continue;
        }
        for (const width of [320, 360, 390]) {
          await page.setViewportSize({ width, height: 844 });
          const over = await overflow(page);
          if (over > 0) failures.push(`${path} at ${width} px: the document is ${over} px wider than the viewport`);
        }
        // A state a visitor meets after a tap (issue 34 item 19): the
        // booking dialog over a listing, the region list; axe checks it open.
        const label = open ? `${path} with ${open} open` : path;
        if (open) {
          const opener = page.locator(open).first();
          await opener.scrollIntoViewIfNeeded();
          await opener.click();
          await page.locator('[role="dialog"]').first().waitFor();
          await page.locator('[role="dialog"] h2').first().waitFor();
        }
        for (const width of [390, 1366]) {
          await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
          for (const v of await axeViolations(page)) failures.push(`${label} at ${width} px: ${v}`);
        }
      }
    });
    // ok, not deepEqual: the list is long, and once is enough.
    assert.ok(failures.length === 0, `${failures.length} problems:\n${failures.join("\n")}`);
  });
}
