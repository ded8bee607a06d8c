import { t, type Lang } from "../../lib/i18n";
import { callApi, type ApiAnswer } from "../../lib/api";
import { emptyRelative } from "../../components/RelativeFields";
import type { Relative } from "../../gen/account";
import type { Patient } from "./usePatient";
import type { VisitForm } from "./useVisitForm";

/**
 * saveNewRelative saves the person typed in the booking form on the
 * profile (POST /api/account/relatives), so they are offered next time;
 * once saved, the form chooses them. A refused form's answer comes back as
 * it is, for the form's per-field messages.
 */
export async function saveNewRelative(lang: Lang, form: VisitForm, patient: Patient): Promise<ApiAnswer<Relative>> {
  const a = await callApi<Relative>("POST", `/api/account/relatives?lang=${lang}`, form.draft, t(lang, "form.networkError"));
  if (a.data) {
    patient.saved(a.data);
    form.setWho(a.data.id);
    form.setDraft(emptyRelative());
  }
  return a;
}
