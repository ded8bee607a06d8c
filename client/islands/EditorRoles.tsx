import { useEffect, useRef, useState } from "react";
import { t, type Lang } from "../lib/i18n";
import { markReady } from "../lib/ready";
import { callApi } from "../lib/api";
import type { Grant } from "../gen/editorial";
import { toast } from "../lib/toast";

export interface EditorRolesProps {
  lang: Lang;
  grants: Grant[];
}

/** EditorRoles lets an admin grant and revoke the editor and admin roles. */
export default function EditorRoles({ lang, grants }: EditorRolesProps) {
  const rootRef = useRef<HTMLElement>(null);
  const [phone, setPhone] = useState("");
  const [role, setRole] = useState("editor");
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => markReady(rootRef.current), []);

  async function change(method: "POST" | "DELETE", body: { phone: string; role: string }) {
    setBusy(true);
    const answer = await callApi<unknown>(method, `/api/editor/roles?lang=${lang}`, body, t(lang, "form.networkError"));
    setBusy(false);
    if (answer.status === 200) {
      window.location.reload();
      return;
    }
    toast(answer.error ?? t(lang, "form.networkError"), "error");
    setFields(answer.fields ?? {});
  }

  return (
    <section className="editor-roles" ref={rootRef} aria-labelledby="editor-roles-title">
      <h2 id="editor-roles-title">{t(lang, "editor.roles")}</h2>
      <ul>
        {grants.map((g) => (
          <li key={`${g.phone}-${g.role}`}>
            +{g.phone}: {t(lang, g.role === "admin" ? "editor.role.admin" : "editor.role.editor")}{" "}
            <button type="button" className="button button--outline" disabled={busy} onClick={() => change("DELETE", g)}>
              {t(lang, "editor.revoke")}
            </button>
          </li>
        ))}
      </ul>
      <form
        className="editor-form__actions"
        onSubmit={(e) => {
          e.preventDefault();
          change("POST", { phone, role });
        }}
      >
        <label>
          {t(lang, "editor.rolePhone")} <input type="tel" name="phone" value={phone} onChange={(e) => setPhone(e.target.value)} aria-describedby={fields.phone ? "editor-role-phone-error" : undefined} />
        </label>
        {fields.phone && (
          <p className="editor-form__field-error" id="editor-role-phone-error">
            {fields.phone}
          </p>
        )}
        <label>
          {t(lang, "editor.role")}{" "}
          <select name="role" value={role} onChange={(e) => setRole(e.target.value)}>
            <option value="editor">{t(lang, "editor.role.editor")}</option>
            <option value="admin">{t(lang, "editor.role.admin")}</option>
          </select>
        </label>
        <button type="submit" className="button" disabled={busy}>
          {t(lang, "editor.grant")}
        </button>
      </form>
    </section>
  );
}
