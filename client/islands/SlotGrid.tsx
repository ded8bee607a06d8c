import { useEffect, useRef, useState } from "react";
import type { Lang } from "../lib/i18n";
import { markReady } from "../lib/ready";
import { onBookingClosed, openBooking } from "../lib/booking";
import { WeekSlots } from "../components/WeekSlots";

export interface SlotGridProps {
  lang: Lang;
  doctorId: number;
  doctorName: string;
}

/**
 * SlotGrid is the doctor card's free times: a seven-day grid per clinic
 * with the previous and next week, loaded after hydration so the card's
 * HTML stays cached. A time opens the BookingForm.
 */
export default function SlotGrid({ lang, doctorId, doctorName }: SlotGridProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const [reload, setReload] = useState(0);
  useEffect(() => onBookingClosed(() => setReload((n) => n + 1)), []);
  return (
    <div ref={rootRef} className="slot-grid">
      <WeekSlots
        lang={lang}
        doctorId={doctorId}
        reload={reload}
        onLoaded={() => markReady(rootRef.current)}
        onPick={(s, c) => openBooking({ doctorId, doctorName, clinicId: c.clinicId, start: s.start, clinicName: c.clinicName, address: c.address, price: c.price })}
      />
    </div>
  );
}
