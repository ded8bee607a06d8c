// Visit types from the editor (issue 30): an editor opens a doctor in
// /editor, adds a visit type at one of his clinics through the same form
// as the clinic's desk, and patients are offered it at once (the doctor's
// free times list it); switched off, it is offered no more. A patient
// cannot reach the editor's API. server/site/browser_test.go grants the
// editor role (EDITOR_* variables).
import { test } from "node:test";
import assert from "node:assert/strict";
import { desktop, hydrated, screenshot, signInByAPI as signIn, watchProblems, withContext } from "./browser.mjs";

const env = (name) => {
  const v = process.env[name];
  assert.ok(v, `${name} is not set (server/site/browser_test.go sets it)`);
  return v;
};

/** offered are the names of the doctor's active visit types at clinic, as a patient's booking reads them. */
async function offered(request, doctor, clinic) {
  const res = await request.get(`/api/doctors/${doctor}/slots?days=7`);
  assert.equal(res.status(), 200);
  const at = (await res.json()).data.clinics.find((c) => c.clinicId === clinic);
  return (at?.types ?? []).map((vt) => vt.name);
}

test("an editor adds a doctor's visit type, patients are offered it; switched off, it is gone", async () => {
  const stamp = Date.now().toString(36);
  const nameRu = `Консультация ${stamp}`;
  await withContext({ viewport: desktop }, async (page, context) => {
    const problems = watchProblems(page);
    await signIn(context, env("EDITOR_TYPES_PHONE"));
    // Another doctor than editor.test.mjs renames.
    const list = (await (await context.request.get("/api/editor/doctor")).json()).data;
    const doctor = list.find((d) => String(d.id) !== env("EDITOR_DOCTOR_ID"));
    await page.goto(`/editor?kind=doctor&id=${doctor.id}`);
    await hydrated(page, "EditorVisitTypes");
    const clinic = page.locator(".editor-visit-types .desk-types").first();
    await clinic.waitFor();
    const clinicId = Number(await clinic.getAttribute("data-clinic"));
    assert.ok(!(await offered(context.request, doctor.id, clinicId)).includes(nameRu));

    await clinic.getByRole("button", { name: "Добавить вид приёма" }).click();
    await clinic.getByLabel("Название по-русски").fill(nameRu);
    await clinic.getByLabel("Название по-узбекски").fill(`Maslahat ${stamp}`);
    await clinic.getByLabel("Длина, слотов подряд").selectOption("2");
    await clinic.getByLabel("Цена, сум").fill("120000");
    await clinic.getByRole("button", { name: "Сохранить" }).click();
    const item = clinic.locator(".desk-types__list li", { hasText: nameRu });
    await item.waitFor();
    assert.match(await item.innerText(), /120\s000\sсум/);
    await screenshot(page, "editor-visit-types-ru-desktop.png");
    assert.ok((await offered(context.request, doctor.id, clinicId)).includes(nameRu), "patients are offered the editor's type");

    await item.getByRole("button", { name: "Отключить" }).click();
    await clinic.locator(".desk-types__list li.is-off", { hasText: nameRu }).waitFor();
    assert.match(await item.innerText(), /отключён/);
    assert.ok(!(await offered(context.request, doctor.id, clinicId)).includes(nameRu), "a switched-off type is still offered");
    assert.deepEqual(problems, [], problems.join("\n"));
  });

  await withContext({ viewport: desktop }, async (page, context) => {
    await signIn(context, "+998907700099");
    assert.equal((await context.request.get("/api/editor/doctor/1/visit-types")).status(), 403, "a patient reads the editor's visit types");
  });
});
