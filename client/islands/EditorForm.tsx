import { useEffect, useRef } from "react";
import { t, type Lang } from "../lib/i18n";
import { markReady } from "../lib/ready";
import type { Form } from "../gen/editorial";
import { useEditorForm } from "./editor/useEditorForm";
import { EditorActions } from "./editor/Actions";
import { FieldRow } from "./editor/FieldRow";
import { History, Preview } from "./editor/History";
import "./EditorForm.css";

export interface EditorFormProps {
  lang: Lang;
  form: Form;
}

/**
 * EditorForm edits one entity: each field with Russian and Uzbek side by
 * side and its error beside it, the draft saved through the API, the
 * preview of both languages at phone and desktop widths, publishing (now
 * or at a time), and the history with restore (the state and the actions:
 * editor/useEditorForm).
 */
export default function EditorForm(p: EditorFormProps) {
  const { lang } = p;
  const rootRef = useRef<HTMLFormElement>(null);
  const e = useEditorForm(lang, p.form);
  const { form, values } = e;
  useEffect(() => markReady(rootRef.current), []);

  return (
    <form className="editor-form" ref={rootRef} onSubmit={e.save} noValidate>
      <div className="editor-form__columns" aria-hidden="true">
        <span />
        <span>{t(lang, "editor.column.ru")}</span>
        <span>{t(lang, "editor.column.uz")}</span>
      </div>
      {form.fields.map((f) => (
        <FieldRow key={f.name} f={f} lang={lang} value={values[f.name] ?? {}} errors={e.errors} onChange={(v) => e.set(f.name, v)} onPropose={() => e.proposeSlug(f)} slugNote={e.slugNote} />
      ))}
      {form.missing.length > 0 && (
        <p className="editor-form__missing" data-missing="">
          {t(lang, "editor.missingList", { fields: form.missing.join(", ") })}
        </p>
      )}
      {e.error && (
        <p className="editor-form__error" role="alert">
          {e.error}
        </p>
      )}
      <EditorActions lang={lang} busy={e.busy} form={form} at={e.at} onAt={e.setAt} onPublish={e.publish} onDiscard={e.discard} onRemove={e.remove} />
      {form.preview && <Preview key={e.previewKey} lang={lang} links={form.preview} />}
      <History lang={lang} form={form} busy={e.busy} onRestore={e.restore} />
    </form>
  );
}
