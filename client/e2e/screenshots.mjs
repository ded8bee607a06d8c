// make screenshots: the home page on a phone (390 px) and a desktop (1366 px)
// in both languages, saved as PNGs into $SCREENSHOT_DIR (default
// screenshots/), from the site at $BASE_URL. Not a test: pictures for people.
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { chromium } from "playwright-core";

const baseURL = process.env.BASE_URL?.replace(/\/+$/, "");
const dir = process.env.SCREENSHOT_DIR || "screenshots";
const pages = (process.env.SCREENSHOT_PAGES || "/,/uz").split(",");
if (!baseURL) throw new Error("BASE_URL is not set");
await mkdir(dir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
});
try {
  for (const [name, viewport, mobile] of [["phone", { width: 390, height: 844 }, true], ["desktop", { width: 1366, height: 900 }, false]]) {
    const context = await browser.newContext({ viewport, isMobile: mobile, hasTouch: mobile, deviceScaleFactor: 1 });
    const page = await context.newPage();
    for (const p of pages) {
      await page.goto(baseURL + p, { waitUntil: "networkidle" });
      const file = path.join(dir, `home${p.replace(/\//g, "-").replace(/-$/, "") || ""}-${name}.png`.replace("home-", "home-"));
      await page.screenshot({ path: file, fullPage: true, animations: "disabled" });
      console.log(file);
    }
    await context.close();
  }
} finally {
  await browser.close();
}
