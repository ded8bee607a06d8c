// Documents attached to a visit (issue 30): on a 390 px phone a patient
// attaches a PDF referral to their upcoming visit on its page (a text file
// named .pdf is refused by its bytes, in the page's language); the
// visit's clinic's staff see it on the desk and open it through its
// signed link (an attachment, nosniff, never stored); a link changed by
// one letter is refused; another clinic's staff see nothing and cannot
// open it. server/site's TestBrowser makes the patient, the visit and the
// staff (DOCS_* variables).
import { test } from "node:test";
import assert from "node:assert/strict";
import { baseURL, hydrated, mobile, screenshot, signInByAPI as signIn, watchProblems, withContext } from "./browser.mjs";

const env = (name) => {
  const v = process.env[name];
  assert.ok(v, `${name} is not set (server/site/browser_test.go sets it)`);
  return v;
};

const pdf = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
const name = "Направление к кардиологу.pdf";

/** noOverflow fails when the page is wider than the phone. */
async function noOverflow(page, what) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= mobile.width, `${what}: the page is ${width} px wide on a ${mobile.width} px phone`);
}

test("a patient attaches a PDF referral on a phone; that clinic's desk opens it, another clinic's does not", async () => {
  const visit = env("DOCS_VISIT");
  await withContext({ viewport: mobile }, async (page, context) => {
    await context.addCookies([{ name: "region", value: "tashkent", url: baseURL }]);
    await signIn(context, "+998" + env("DOCS_PATIENT"));
    await page.goto("/history");
    const card = page.locator(`.booking-card[data-booking="${visit}"]`);
    await Promise.all([page.waitForURL(new RegExp(`/history/${visit}#documents$`)), card.getByRole("link", { name: "Прикрепить документ" }).click()]);
    const problems = watchProblems(page);
    await hydrated(page, "VisitDocuments");
    const box = page.locator(".visit-documents");
    assert.equal(await box.locator("h2").innerText(), "Документы к приёму");

    // A text file named .pdf: refused by what it is, nothing stored.
    await box.getByLabel("Файл").setInputFiles({ name: "notes.pdf", mimeType: "application/pdf", buffer: Buffer.from("not a pdf at all") });
    await box.getByRole("button", { name: "Прикрепить документ" }).click();
    await box.getByRole("alert").getByText("Прикрепите PDF, JPEG или PNG.").waitFor();
    assert.equal(await box.locator("[data-document]").count(), 0);

    await box.getByLabel("Что это").selectOption("referral");
    await box.getByLabel("Файл").setInputFiles({ name, mimeType: "application/pdf", buffer: pdf });
    await box.getByRole("button", { name: "Прикрепить документ" }).click();
    const item = box.locator("[data-document]");
    await item.getByRole("link", { name }).waitFor();
    assert.match(await item.innerText(), /Направление · 1 KB/);
    assert.equal(await box.getByRole("alert").count(), 0, "the error stays after a success");
    await noOverflow(page, "the visit page");
    await screenshot(page, "documents-visit-390.png");

    // After a reload the page itself lists it (no script needed to see it).
    await page.reload();
    await box.locator("[data-document]").getByRole("link", { name }).waitFor();
    assert.deepEqual(
      problems.filter((p) => !p.includes("/api/documents")),
      [],
      "the page had problems",
    );
  });

  let staffLink = "";
  await withContext({ viewport: mobile }, async (page, context) => {
    await context.addCookies([{ name: "region", value: "tashkent", url: baseURL }]);
    await signIn(context, "+998" + env("DOCS_STAFF"));
    await page.goto(`/desk?clinic=${env("DOCS_CLINIC")}`);
    await hydrated(page, "DeskBoard");
    await page.locator(`.desk-board__days [data-day="${env("DOCS_DAY")}"]`).click();
    const card = page.locator(`.desk-day:not([hidden]) [data-visit="${visit}"]`);
    const link = card.locator(".desk-visit__documents").getByRole("link", { name });
    await link.waitFor();
    assert.match(await card.locator(".desk-visit__documents").innerText(), /Документы пациента/);
    await noOverflow(page, "the desk");
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, "documents-desk-390.png");
    staffLink = await link.getAttribute("href");
    assert.match(staffLink, /^\/api\/documents\/\d+\/file\?exp=\d+&sig=[A-Za-z0-9_-]+$/);

    // Opening it downloads the file under its name.
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    assert.equal(download.suggestedFilename(), name);

    const res = await context.request.get(staffLink);
    assert.equal(res.status(), 200);
    const h = res.headers();
    assert.equal(h["content-type"], "application/pdf");
    assert.match(h["content-disposition"], /^attachment; /);
    assert.equal(h["x-content-type-options"], "nosniff");
    assert.equal(h["cache-control"], "private, no-store");
    assert.ok(Buffer.from(await res.body()).equals(pdf), "the bytes differ from the upload");

    const tampered = staffLink.replace(/sig=(.)/, (_, c) => `sig=${c === "A" ? "B" : "A"}`);
    assert.equal((await context.request.get(tampered)).status(), 403, "a tampered link opens");
    const extended = staffLink.replace(/exp=(\d+)/, (_, n) => `exp=${Number(n) + 3600}`);
    assert.equal((await context.request.get(extended)).status(), 403, "a link with a later end opens");
  });

  await withContext({ viewport: mobile }, async (page, context) => {
    await signIn(context, "+998" + env("DOCS_OTHER_STAFF"));
    await page.goto("/desk");
    await hydrated(page, "DeskBoard");
    assert.equal(await page.locator(`[data-visit="${visit}"]`).count(), 0, "another clinic's desk shows the visit");
    assert.equal(await page.locator("[data-document]").count(), 0, "another clinic's desk shows a document");
    assert.equal((await context.request.get(staffLink)).status(), 403, "another clinic's staff opens the staff's link");
    assert.equal((await context.request.get(`/api/documents?booking=${visit}`)).status(), 404, "another clinic's staff lists the patient's documents");
  });
});
