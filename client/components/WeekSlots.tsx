// A doctor's free times, seven days at a time, one block per clinic, for
// the reschedule picker on /history (a React island): the grid is
// lib/freeTimes.ts's, the one the doctor card shows without React.
import { useEffect, useRef } from "react";
import type { Lang } from "../lib/i18n";
import { mountWeek, type Week } from "../lib/freeTimes";
import { freeTimesLabels } from "./FreeTimes";
import type { ClinicSlots, DoctorSlots, Slot } from "../booking";

export interface WeekSlotsProps {
  lang: Lang;
  doctorId: number;
  /** clinicId limits the grid to one clinic. */
  clinicId?: number;
  /** typeId fixes the visit type (a reschedule keeps the visit's). */
  typeId?: number;
  /** rescheduleId is the visit being moved: its type is offered even if switched off since. */
  rescheduleId?: number;
  onPick: (slot: Slot, clinic: ClinicSlots) => void;
  /** onLoaded runs after each answer (null: a failure). */
  onLoaded?: (answer: DoctorSlots | null) => void;
  /** reload changes to ask again (e.g. after a hold was released). */
  reload?: number;
}

/** WeekSlots mounts the week grid into a box React leaves alone (no children). */
export function WeekSlots({ lang, doctorId, clinicId, typeId, rescheduleId, onPick, onLoaded, reload }: WeekSlotsProps) {
  const box = useRef<HTMLDivElement>(null);
  const week = useRef<Week | null>(null);
  // The latest callbacks, so a new function does not remount the grid.
  const calls = useRef({ onPick, onLoaded });
  calls.current = { onPick, onLoaded };
  useEffect(() => {
    if (!box.current) return;
    const w = mountWeek(box.current, {
      lang,
      labels: freeTimesLabels(lang),
      doctorId,
      clinicId,
      typeId,
      rescheduleId,
      onPick: (s, c) => calls.current.onPick(s, c),
      onLoaded: (a) => calls.current.onLoaded?.(a),
    });
    week.current = w;
    return () => w.stop();
  }, [lang, doctorId, clinicId, typeId, rescheduleId]);
  useEffect(() => {
    if (reload) week.current?.reload();
  }, [reload]);
  return <div ref={box} />;
}
