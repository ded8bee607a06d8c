import { useEffect, useRef, useState } from "react";
import { t, type Lang } from "../lib/i18n";
import { markReady } from "../lib/ready";
import { callApi } from "../lib/api";
import { onBookingClosed, openBooking } from "../lib/booking";
import { WeekSlots } from "../components/WeekSlots";
import { WaitlistJoin } from "../components/WaitlistJoin";
import type { WaitlistOffer } from "../booking";

export interface SlotGridProps {
  lang: Lang;
  doctorId: number;
  doctorName: string;
}

/**
 * SlotGrid is the doctor card's free times: a seven-day grid per clinic
 * with the previous and next week, loaded after hydration so the card's
 * HTML stays cached. A time opens the BookingForm. With no free time in the
 * horizon it offers the waitlist; opened from a waitlist SMS (?offer=id.key)
 * it claims the offer (POST /api/waitlist/offer) and hands its hold to the
 * BookingForm.
 */
export default function SlotGrid({ lang, doctorId, doctorName }: SlotGridProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const [reload, setReload] = useState(0);
  const [full, setFull] = useState(false);
  const [offerError, setOfferError] = useState("");
  useEffect(() => onBookingClosed(() => setReload((n) => n + 1)), []);
  useEffect(() => {
    const offer = new URLSearchParams(window.location.search).get("offer");
    if (!offer) return;
    void callApi<WaitlistOffer>("POST", `/api/waitlist/offer?lang=${lang}`, { offer }, t(lang, "form.networkError")).then((a) => {
      if (!a.data) return setOfferError(a.error ?? "");
      const o = a.data;
      openBooking({ doctorId, doctorName, clinicId: o.hold.clinicId, start: o.hold.start, clinicName: o.clinicName, address: o.address, price: o.price, hold: o.hold });
    });
  }, [doctorId, doctorName, lang]);
  return (
    <div ref={rootRef} className="slot-grid">
      {offerError && <p role="alert">{offerError}</p>}
      <WeekSlots
        lang={lang}
        doctorId={doctorId}
        reload={reload}
        onLoaded={(a) => {
          setFull(!!a && !a.nextFree);
          markReady(rootRef.current);
        }}
        onPick={(s, c) => openBooking({ doctorId, doctorName, clinicId: c.clinicId, start: s.start, clinicName: c.clinicName, address: c.address, price: c.price })}
      />
      {full && <WaitlistJoin lang={lang} doctorId={doctorId} />}
    </div>
  );
}
