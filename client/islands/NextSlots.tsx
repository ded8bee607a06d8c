import { useCallback, useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { t, type Lang } from "../lib/i18n";
import { markReady } from "../lib/ready";
import { callApi } from "../lib/api";
import { formatDay, formatTime, tashkent } from "../lib/date";
import { onBookingClosed, openBooking } from "../lib/booking";
import { SlotButton } from "../components/SlotButton";
import { WaitlistJoin } from "../components/WaitlistJoin";
import type { DoctorNext } from "../booking";
import "./NextSlots.css";

export interface NextSlotsProps {
  lang: Lang;
}

interface Card {
  el: HTMLElement;
  doctorId: number;
  doctorName: string;
}

/** maxDoctors is what one GET /api/slots takes (the contract's limit). */
const maxDoctors = 50;

/**
 * NextSlots fills every doctor card of the page with the doctor's next free
 * times. One instance per page: it finds the cards' placeholders
 * (data-next-slots="{doctorId}", written by DoctorSummary), asks for all of
 * them in ONE GET /api/slots, and renders into each through a portal, so the
 * cached page HTML never carries a time.
 */
export default function NextSlots({ lang }: NextSlotsProps) {
  const rootRef = useRef<HTMLSpanElement>(null);
  const [cards, setCards] = useState<Card[]>([]);
  const [next, setNext] = useState<Map<number, DoctorNext> | null>(null);

  const load = useCallback(
    async (found: Card[]) => {
      const ids = [...new Set(found.map((c) => c.doctorId))].slice(0, maxDoctors);
      if (ids.length === 0) return;
      const answer = await callApi<{ doctors: DoctorNext[] }>("GET", `/api/slots?doctors=${ids.join(",")}&limit=3&lang=${lang}`, undefined, "");
      // Without an answer the cards keep their plain "book" link.
      if (answer.data) setNext(new Map(answer.data.doctors.map((d) => [d.doctorId, d])));
    },
    [lang],
  );

  useEffect(() => {
    const found: Card[] = [];
    document.querySelectorAll<HTMLElement>("[data-next-slots]").forEach((el) => {
      const doctorId = Number(el.dataset.nextSlots);
      if (doctorId > 0) found.push({ el, doctorId, doctorName: el.dataset.doctorName ?? "" });
    });
    setCards(found);
    void load(found).finally(() => markReady(rootRef.current));
    // A closed booking form released its hold: that time is free again.
    return onBookingClosed(() => void load(found));
  }, [load]);

  return (
    <>
      <span ref={rootRef} hidden />
      {next &&
        cards.map((c) => {
          const d = next.get(c.doctorId);
          if (!d) return null;
          return createPortal(<DoctorTimes lang={lang} card={c} next={d} />, c.el, String(c.doctorId));
        })}
    </>
  );
}

function DoctorTimes({ lang, card, next }: { lang: Lang; card: Card; next: DoctorNext }) {
  if (!next.nextFree)
    return (
      <>
        <p className="next-slots__none">{t(lang, "slots.none")}</p>
        <WaitlistJoin lang={lang} doctorId={card.doctorId} />
      </>
    );
  return (
    <div className="next-slots">
      <p className="next-slots__next">{t(lang, "slots.nextFree", { date: formatDay(tashkent(next.nextFree).date, lang) })}</p>
      <div className="next-slots__times">
        {next.slots.slice(0, 3).map((s) => (
          <SlotButton key={s.start} onPick={() => openBooking({ doctorId: card.doctorId, doctorName: card.doctorName, clinicId: s.clinicId, start: s.start })}>
            {formatDay(tashkent(s.start).date, lang)}, {formatTime(s.start)}
          </SlotButton>
        ))}
      </div>
    </div>
  );
}
