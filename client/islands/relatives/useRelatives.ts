import { useState } from "react";
import { t, type Lang } from "../../lib/i18n";
import { callApi } from "../../lib/api";
import { toast } from "../../lib/toast";
import { emptyRelative } from "../../components/RelativeFields";
import type { Relative, RelativeInput } from "../../gen/account";

/** Editing is the relative being edited: an id, "new", or null for none. */
export type Editing = number | "new" | null;

/**
 * useRelatives keeps the profile's list of relatives and its one form:
 * add, edit (PUT) and delete, each answered by the server; a refused form
 * shows its messages by field, a lost session or another failure above
 * the form.
 */
export function useRelatives(lang: Lang, initial: Relative[]) {
  const [list, setList] = useState(initial);
  const [editing, setEditing] = useState<Editing>(null);
  const [draft, setDraft] = useState<RelativeInput>(emptyRelative);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const networkError = t(lang, "form.networkError");

  function edit(which: Editing) {
    const r = list.find((x) => x.id === which);
    setDraft(r ? { name: r.name, birthDate: r.birthDate, relation: r.relation } : emptyRelative());
    setFields({});
    setError("");
    setEditing(which);
  }

  async function save() {
    if (busy || editing === null) return;
    setBusy(true);
    const [method, path] = editing === "new" ? ["POST", "/api/account/relatives"] : ["PUT", `/api/account/relatives/${editing}`];
    const a = await callApi<Relative>(method, `${path}?lang=${lang}`, draft, networkError);
    setBusy(false);
    setFields(a.fields ?? {});
    setError(a.data || a.fields ? "" : (a.error ?? networkError));
    if (!a.data) return;
    const saved = a.data;
    setList((l) => (editing === "new" ? [...l, saved] : l.map((x) => (x.id === saved.id ? saved : x))));
    setEditing(null);
    toast(t(lang, "relatives.saved"));
  }

  async function remove(id: number) {
    if (busy) return;
    setBusy(true);
    const a = await callApi<null>("DELETE", `/api/account/relatives/${id}?lang=${lang}`, undefined, networkError);
    setBusy(false);
    if (a.error && a.status !== 404) return setError(a.error);
    setList((l) => l.filter((x) => x.id !== id));
    setEditing(null);
    toast(t(lang, "relatives.deleted"));
  }

  return { list, editing, draft, setDraft, fields, error, busy, edit, save, remove };
}
