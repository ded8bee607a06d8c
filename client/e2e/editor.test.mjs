// Browser test of the editors' workflow (issue 14): an editor changes a
// doctor's name, biography and specialty in Russian and Uzbek, previews both
// languages side by side, a visitor in another browser still sees the old
// card, the editor publishes, and the visitor's next request shows the new
// card (a cache MISS), the new specialty lists the doctor, a suggestion
// finds the new name and the old slug answers 301. Then the editor sets a
// clinic's opening hours, a list of rows, creates, publishes and deletes
// a FAQ question, and keeps an SEO redirect.
//
// server/site/browser_test.go grants the editor role and picks the doctor
// and the specialty (EDITOR_* variables).
import { test } from "node:test";
import assert from "node:assert/strict";
import { desktop, hydrated, screenshot, signInByAPI as signIn, watchProblems, withContext } from "./browser.mjs";

// A 2×2 opaque PNG.
const tinyPNG = "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGM4kWIERAwQCgAorgV5QuEn7gAAAABJRU5ErkJggg==";

const env = (name) => {
  const v = process.env[name];
  assert.ok(v, `${name} is not set (server/site/browser_test.go sets it)`);
  return v;
};

test("an editor drafts, previews ru/uz, publishes; a visitor sees the change at once", async () => {
  const doctorID = env("EDITOR_DOCTOR_ID");
  const oldSlug = env("EDITOR_DOCTOR_SLUG");
  const oldName = env("EDITOR_DOCTOR_NAME");
  const specialtyID = env("EDITOR_SPECIALTY_ID");
  const specialtySlug = env("EDITOR_SPECIALTY_SLUG");
  const stamp = Date.now().toString(36);
  const bioRu = `Принимает по новой методике, запись ${stamp}.`;
  const bioUz = `Yangi usul boʻyicha qabul qiladi, yozuv ${stamp}.`;
  const surnameRu = "Кулибабаева";

  await withContext({ viewport: desktop }, async (visitor) => {
    // The visitor has the published card, cached by the server (asked
    // with request.get: a second goto may be answered by the browser's
    // own cache without asking the server).
    const first = await visitor.goto(`/doctor/${oldSlug}`);
    assert.equal(first?.status(), 200);
    const cached = await visitor.request.get(`/doctor/${oldSlug}`);
    assert.equal(cached.headers()["x-cache"], "HIT", "the card is cached before the edit");
    assert.ok(!(await cached.text()).includes(bioRu));

    await withContext({ viewport: { width: 1600, height: 1000 } }, async (page, context) => {
      const problems = watchProblems(page);
      await signIn(context, env("EDITOR_PHONE"));
      const res = await page.goto(`/editor?kind=doctor&id=${doctorID}`);
      assert.equal(res?.status(), 200);
      assert.equal(res?.headers()["cache-control"], "private, no-store");
      assert.match(await page.locator('meta[name="robots"]').getAttribute("content"), /noindex/);
      await hydrated(page, "EditorForm");

      // A photo uploaded through the image pipeline fills the field's hash.
      const photo = page.locator('[data-field="photo"]');
      await photo.locator('input[type="file"]').setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: Buffer.from(tinyPNG, "base64") });
      await photo.locator("img").waitFor();
      assert.match(await page.locator('[name="photo"]').inputValue(), /^[0-9a-f]{64}$/);

      // Russian and Uzbek side by side, each with its own input.
      await page.locator('[name="name.ru"]').fill(`${oldName} ${surnameRu}`);
      const nameUz = page.locator('[name="name.uz"]');
      await nameUz.fill(`${await nameUz.inputValue()} Kulibabayeva`);
      await page.locator('[name="biography.ru"]').fill(bioRu);
      await page.locator('[name="biography.uz"]').fill(bioUz);
      for (const box of await page.locator('input[name="specialties"]:checked').all()) await box.uncheck();
      await page.locator(`input[name="specialties"][value="${specialtyID}"]`).check();

      // A slug in a wrong form is refused next to the field, before any request.
      const slug = page.locator('[name="slug"]');
      await slug.fill("Not A Slug");
      await page.locator('[data-action="save"]').click();
      await page.locator("#editor-slug-error").waitFor();
      assert.equal(await slug.getAttribute("aria-invalid"), "true");

      // The slug proposed from the Russian name.
      await page.locator('[data-action="propose-slug"]').click();
      await page.waitForFunction(() => /kulibabaeva$/.test(document.querySelector('[name="slug"]').value));
      const newSlug = await slug.inputValue();
      assert.notEqual(newSlug, oldSlug);

      await page.locator('[data-action="save"]').click();
      await page.getByRole("status").filter({ hasText: "Черновик сохранён" }).waitFor();

      // The preview: both languages, phone and desktop widths, the real page with the draft.
      for (const [frame, text] of [
        ["ru-phone", bioRu],
        ["ru-desktop", bioRu],
        ["uz-phone", bioUz],
        ["uz-desktop", bioUz],
      ]) {
        const f = page.frameLocator(`[data-preview-frame="${frame}"]`);
        await f.locator("[data-preview]").waitFor();
        await f.getByText(text).waitFor();
        assert.match(await f.locator("h1").first().innerText(), new RegExp(frame.startsWith("ru") ? surnameRu : "Kulibabayeva"));
      }
      // Laid out at the real widths, drawn smaller: the editor's page stays within the screen.
      assert.equal(await page.frameLocator('[data-preview-frame="ru-phone"]').locator("html").evaluate(() => window.innerWidth), 375);
      assert.equal(await page.frameLocator('[data-preview-frame="ru-desktop"]').locator("html").evaluate(() => window.innerWidth), 1280);
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), "the preview keeps the page within the screen");
      await screenshot(page, "editor-preview-desktop.png");

      // The visitor, in another browser, still gets the published card.
      const during = await visitor.request.get(`/doctor/${oldSlug}`);
      assert.equal(during.status(), 200);
      assert.equal(during.headers()["x-cache"], "HIT", "saving a draft purged nothing");
      assert.ok(!(await during.text()).includes(bioRu), "a visitor sees the draft");
      await visitor.reload();
      assert.equal(await visitor.getByText(bioRu).count(), 0, "a visitor sees the draft");
      assert.equal((await visitor.request.get(`/doctor/${newSlug}`)).status(), 404, "the draft's slug is not live");

      // Publish.
      await page.locator('[data-action="publish"]').click();
      await page.getByRole("status").filter({ hasText: "Опубликовано" }).waitFor();
      await page.locator('[data-state="published"]').first().waitFor();
      assert.deepEqual(problems, [], `console errors or failed requests:\n${problems.join("\n")}`);

      // The visitor's next request: rendered anew, with the new card.
      const after = await visitor.goto(`/doctor/${newSlug}`);
      assert.equal(after?.status(), 200);
      assert.equal(after?.headers()["x-cache"], "MISS", "the first answer after publishing is rendered anew");
      await visitor.getByText(bioRu).waitFor();
      const afterUz = await visitor.goto(`/uz/doctor/${newSlug}`);
      assert.equal(afterUz?.status(), 200);
      await visitor.getByText(bioUz).waitFor();

      // The old address moved for good.
      const old = await visitor.request.get(`/doctor/${oldSlug}`, { maxRedirects: 0 });
      assert.equal(old.status(), 301);
      assert.equal(old.headers()["location"], `/doctor/${newSlug}`);

      // The new specialty's listing shows the doctor.
      await visitor.goto(`/doctors/${specialtySlug}`);
      assert.ok((await visitor.locator(`a[href="/doctor/${newSlug}"]`).count()) > 0, "the listing of the new specialty links the doctor");

      // A suggestion finds the new name.
      await visitor.goto("/");
      await hydrated(visitor, "SearchBox");
      await visitor.locator("#header-search").fill(surnameRu);
      const option = visitor.locator(`[role="listbox"] [role="option"] a[href="/doctor/${newSlug}"]`);
      await option.waitFor({ state: "visible" });

      // A clinic's hours are rows: a wrong row gets its error beside it
      // (in Uzbek), a good one is saved, the rows ordered by weekday.
      await page.goto("/uz/editor?kind=clinic");
      await page.locator("a[data-entity]").first().click();
      await hydrated(page, "EditorForm");
      const hours = page.locator('fieldset[data-field="hours"]');
      // The last day goes and comes back with other hours.
      const before = await hours.locator("tbody tr").count();
      const day = before > 0 ? await hours.locator("tbody tr select").last().inputValue() : "7";
      if (before > 0) await hours.locator("tbody tr").last().getByRole("button", { name: `${before}-qatorni o'chirish` }).click();
      await hours.getByRole("button", { name: "Qator qo'shish" }).click();
      const row = hours.locator("tbody tr").last();
      await row.locator("select").selectOption(day);
      await row.locator('input[name$=".opens"]').fill("15:00");
      await row.locator('input[name$=".closes"]').fill("11:00");
      await page.locator('[data-action="save"]').click();
      await row.getByText("Yopilish vaqti ochilishdan keyin bo'lishi kerak.").waitFor();
      await row.locator('input[name$=".closes"]').fill("19:30");
      await page.locator('[data-action="save"]').click();
      await page.locator("body > .toasts .toast--success").first().waitFor();
      assert.equal(await hours.locator("tbody tr").count(), Math.max(before, 1));
      assert.equal(await hours.locator('tbody tr input[name$=".closes"]').last().inputValue(), "19:30", "the saved draft holds the new hours");

      // A new FAQ question: created blank, filled, published, then deleted
      // (asked twice).
      await page.goto("/editor?kind=faq");
      await hydrated(page, "EditorCreate");
      await Promise.all([page.waitForURL(/[?&]id=\d+/), page.locator('[data-action="create"]').click()]);
      await hydrated(page, "EditorForm");
      const question = `Вопрос редакции ${stamp}?`;
      await page.locator('[name="question.ru"]').fill(question);
      await page.locator('[name="question.uz"]').fill(`Tahririyat savoli ${stamp}?`);
      await page.locator('[name="answer.ru"]').fill("Ответ редакции.");
      await page.locator('[name="answer.uz"]').fill("Tahririyat javobi.");
      await page.locator('[data-action="save"]').click();
      await page.getByRole("status").filter({ hasText: "Черновик сохранён" }).waitFor();
      await page.locator('[data-action="publish"]').click();
      await page.getByRole("status").filter({ hasText: "Опубликовано" }).waitFor();
      await visitor.goto("/faq");
      await visitor.getByText(question).waitFor();
      await page.locator('[data-action="delete"]').click();
      await Promise.all([page.waitForURL((u) => !u.searchParams.has("id")), page.locator('[data-action="delete-confirm"]').click()]);
      // (request.get: the browser's own cache may hold the page it saw.)
      assert.ok(!(await (await visitor.request.get("/faq")).text()).includes(question), "the deleted question is off /faq");

      // An SEO redirect: a wrong target is refused beside its field, a good
      // one is listed and served at once, then removed.
      await page.goto("/editor?kind=redirects");
      await hydrated(page, "EditorRedirects");
      const from = `/doctors/staryy-adres-${stamp}`;
      await page.locator('input[name="source"]').fill(from);
      await page.locator('input[name="target"]').fill("https://example.com/");
      await page.locator('[data-action="add-redirect"]').click();
      await page.locator("#redirect-target-error").waitFor();
      // That refusal is the 422 the page expects; anything else is a problem.
      problems.splice(0, problems.length, ...problems.filter((p) => !(p.includes("422") && p.includes("/api/editor/redirects/"))));
      await page.locator('input[name="target"]').fill("/doctors");
      await page.locator('[data-action="add-redirect"]').click();
      await page.locator(`tr[data-source="${from}"]`).waitFor();
      const moved = await visitor.request.get(from, { maxRedirects: 0 });
      assert.equal(moved.status(), 301);
      assert.equal(moved.headers()["location"], "/doctors");
      await page.locator(`tr[data-source="${from}"] button`).click();
      await page.locator(`tr[data-source="${from}"]`).waitFor({ state: "detached" });
      assert.deepEqual(problems, [], problems.join("\n"));
    });
  });
});

