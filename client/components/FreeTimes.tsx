// The free times' places in the server's HTML: lib/freeTimes.ts fills them
// in the browser, without React, once they come into view (the entry
// watches them). The HTML carries no time, so cached pages stay right.
import { t, type Lang } from "../lib/i18n";
import type { FreeTimesLabels } from "../lib/freeTimes";
import "./FreeTimes.css";
import "./SlotButton.css";
import "./WeekSlots.css";

/** freeTimesLabels are the free times' texts in lang. */
export function freeTimesLabels(lang: Lang): FreeTimesLabels {
  return {
    loading: t(lang, "slots.loading"),
    nextFree: t(lang, "slots.nextFree"),
    none: t(lang, "slots.none"),
    dayNone: t(lang, "slots.dayNone"),
    weeks: t(lang, "slots.weeks"),
    prevWeek: t(lang, "slots.prevWeek"),
    nextWeek: t(lang, "slots.nextWeek"),
    networkError: t(lang, "form.networkError"),
    waitlistJoin: t(lang, "waitlist.join"),
    waitlistJoined: t(lang, "waitlist.joined"),
    waitlistLeave: t(lang, "waitlist.leave"),
    waitlistSignIn: t(lang, "waitlist.signIn"),
    timeAt: t(lang, "slots.timeAt"),
    priceHere: t(lang, "slots.priceHere"),
    noneHere: t(lang, "slots.noneHere"),
    otherClinics: t(lang, "slots.otherClinics"),
    moreTimes: t(lang, "slots.moreTimes"),
    visitType: t(lang, "bookingForm.visitType"),
    minutes: t(lang, "bookingForm.minutes"),
  };
}

// labelsJSON are freeTimesLabels as JSON, by language: the same texts on
// every page (the dictionaries are the bundle's), where making them (19
// lookups, an object and a Cyrillic JSON.stringify) was a tenth of a warm
// listing's render.
const labelsJSON: Partial<Record<Lang, string>> = {};

function labelsOf(lang: Lang): string {
  return (labelsJSON[lang] ??= JSON.stringify(freeTimesLabels(lang)));
}

/**
 * CardFreeTimes makes the page's doctor cards (DoctorSummary's
 * data-next-slots places) show each doctor's next free times, grouped per
 * clinic with its price; on a clinic's page (clinicId) only the times at
 * that clinic.
 */
export function CardFreeTimes({ lang, clinicId }: { lang: Lang; clinicId?: number }) {
  return <span hidden data-free-times="cards" data-lang={lang} data-clinic={clinicId || undefined} data-labels={labelsOf(lang)} />;
}

/** DoctorWeek is a doctor card's week grid of free times. */
export function DoctorWeek({ lang, doctorId, doctorName, clinics }: { lang: Lang; doctorId: number; doctorName: string; clinics: number }) {
  // The grid's place is kept while it loads (data-clinics sizes it,
  // WeekSlots.css), so the page below it does not move when it comes.
  return (
    <div className="slot-grid" data-clinics={Math.min(3, Math.max(1, clinics))} data-free-times="week" data-lang={lang} data-doctor-id={doctorId} data-doctor-name={doctorName} data-labels={labelsOf(lang)}>
      <p className="week-slots__loading" role="status">
        {t(lang, "slots.loading")}
      </p>
    </div>
  );
}
