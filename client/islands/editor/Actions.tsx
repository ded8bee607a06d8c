import { useState } from "react";
import { t, type Lang } from "../../lib/i18n";
import type { Form } from "../../gen/editorial";

interface EditorActionsProps {
  lang: Lang;
  busy: boolean;
  form: Form;
  at: string;
  onAt: (at: string) => void;
  onPublish: () => void;
  onDiscard: () => void;
  onRemove: () => void;
}

/** EditorActions are the form's buttons: save, publish now or at a time, discard the draft, delete (asked twice). */
export function EditorActions({ lang, busy, form, at, onAt, onPublish, onDiscard, onRemove }: EditorActionsProps) {
  const [confirmDelete, setConfirmDelete] = useState(false);
  return (
    <div className="editor-form__actions">
      <button type="submit" className="button" disabled={busy} data-action="save">
        {t(lang, "editor.saveDraft")}
      </button>
      <label>
        {t(lang, "editor.scheduleAt")} <input type="datetime-local" name="at" value={at} onChange={(e) => onAt(e.target.value)} />
      </label>
      <button type="button" className="button" disabled={busy || !form.hasDraft} onClick={onPublish} data-action="publish">
        {t(lang, at ? "editor.schedule" : "editor.publish")}
      </button>
      {form.hasDraft && (
        <button type="button" className="button button--outline" disabled={busy} onClick={onDiscard} data-action="discard">
          {t(lang, "editor.discard")}
        </button>
      )}
      {form.canDelete &&
        (confirmDelete ? (
          <button type="button" className="button button--outline" disabled={busy} onClick={onRemove} data-action="delete-confirm">
            {t(lang, "editor.deleteConfirm")}
          </button>
        ) : (
          <button type="button" className="button button--outline" disabled={busy} onClick={() => setConfirmDelete(true)} data-action="delete">
            {t(lang, "editor.delete")}
          </button>
        ))}
    </div>
  );
}

