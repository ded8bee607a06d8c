import type { DeskDoctor } from "../../gen/desk";
import { VisitTypes } from "../../components/VisitTypes";
import type { DeskBoardProps, Send } from "../DeskBoard";

/**
 * Types are a doctor's visit types at the clinic, in a section of their
 * own (POST and PUT /api/desk/visit-types).
 */
export function Types({ doc, props, busy, send }: { doc: DeskDoctor; props: DeskBoardProps; busy: boolean; send: Send }) {
  return (
    <details className="desk-types" data-doctor={doc.id}>
      <summary>{doc.name}</summary>
      <VisitTypes
        lang={props.lang}
        types={doc.types}
        slot={doc.weekly[0]?.slotMin ?? 0}
        busy={busy}
        onCreate={(f) => send("POST", "/api/desk/visit-types", { clinicId: props.clinicId, doctorId: doc.id, ...f })}
        onUpdate={(id, f) => send("PUT", `/api/desk/visit-types/${id}`, f)}
      />
    </details>
  );
}

