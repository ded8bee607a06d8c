import { t, type Lang, type Key } from "../lib/i18n";
import { href, pathHref } from "../lib/href";
import { formatPrice } from "../lib/money";
import { formatDateTime } from "../lib/date";
import { BookingActions, ReviewForm } from "./islands";
import type { Booking } from "../booking";
import "./BookingCard.css";

/** statusLabel names a booking's status, telling who cancelled. */
export function statusLabel(lang: Lang, b: Booking): string {
  if (b.status === "cancelled" && b.cancelledBy === "clinic") return t(lang, "history.status.cancelledByClinic");
  return t(lang, `history.status.${b.status}` as Key);
}

/**
 * cancelRule is the clinic's rule for changing a visit on the site: "up to
 * N h before it" (the server, not this text, is the authority).
 */
export function cancelRule(lang: Lang, b: Pick<Booking, "cancelCutoffHours">): string {
  return b.cancelCutoffHours > 0 ? t(lang, "history.cancelRule", { hours: b.cancelCutoffHours }) : t(lang, "history.cancelRuleBegun");
}

/**
 * BookingCard is one visit on /history: when, who, where, the price and
 * status, with "book again", the calendar file and, while it can change,
 * the cancel and reschedule island.
 */
export function BookingCard({ b, lang, region, upcoming = false }: { b: Booking; lang: Lang; region: string; upcoming?: boolean }) {
  const place = { lang, region };
  // A visit still to come is not booked "again"; one cancelled or past is.
  const active = upcoming && b.status === "booked";
  return (
    <article className={`booking-card booking-card--${b.status}`} data-booking={b.id}>
      <header className="booking-card__head">
        <time className="booking-card__when" dateTime={b.start}>{formatDateTime(b.start, lang)}</time>
        <span className="booking-card__status">{statusLabel(lang, b)}</span>
      </header>
      {active && b.confirmed && <p className="booking-card__confirmed">✓ {t(lang, "history.confirmed")}</p>}
      <p className="booking-card__doctor">
        <a href={href("doctor", { slug: b.doctor.slug }, place)}>{b.doctor.name}</a>
        {b.doctor.specialty && <span>, {b.doctor.specialty}</span>}
      </p>
      {b.online && (
        <p className="booking-card__online" data-online>
          <span className="booking-card__online-badge">{t(lang, "booking.online")}</span>
          {b.meetingUrl ? (
            <a className="button button--small" href={b.meetingUrl} target="_blank" rel="noopener noreferrer" data-meeting>
              {t(lang, "booking.meetingJoin")}
            </a>
          ) : (
            active && <span>{t(lang, "booking.meetingPending")}</span>
          )}
        </p>
      )}
      <p className="booking-card__clinic">
        <strong>{b.clinic.name}</strong>
        <span>{b.clinic.address}</span>
      </p>
      <p className="booking-card__meta">
        {b.visitType && (
          <span className="booking-card__type">
            {t(lang, "bookingForm.visitType")}: {b.visitType.name}, {t(lang, "bookingForm.minutes", { n: b.visitType.minutes })}
          </span>
        )}
        {b.price > 0 && <span>{t(lang, "bookingForm.price")}: {formatPrice(b.price, lang)}</span>}
        {b.patientName && <span>{t(lang, "history.patient")}: {b.patientName}</span>}
      </p>
      <p className="booking-card__links">
        <a href={pathHref(`/history/${b.id}`, place)}>{t(lang, "history.details")}</a>
        {active && (
          <a href={pathHref(`/history/${b.id}`, place) + "#documents"} data-documents>
            {t(lang, "documents.attach")}
          </a>
        )}
        {active && b.googleCalendarUrl && (
          <a href={b.googleCalendarUrl} target="_blank" rel="noopener noreferrer" data-calendar="google">
            {t(lang, "history.google")}
          </a>
        )}
        {b.status === "booked" && b.icsUrl && <a href={b.icsUrl} download>{t(lang, "history.ics")}</a>}
        {!active && <a href={href("doctor", { slug: b.doctor.slug }, place)}>{t(lang, "history.bookAgain")}</a>}
      </p>
      {active && <p className="booking-card__rule" data-cancel-rule>{cancelRule(lang, b)}</p>}
      {/* Inside the clinic's cut-off the site can no longer cancel or move it: say so, and whom to call. */}
      {active && !b.canCancel && !b.canReschedule && (
        <p className="booking-card__phone-only" role="note">
          {t(lang, "history.phoneOnly")}{" "}
          {b.clinic.phone && <a href={`tel:${b.clinic.phone.replace(/[^+\d]/g, "")}`}>{b.clinic.phone}</a>}
        </p>
      )}
      {b.status === "booked" && (b.canCancel || b.canReschedule) && (
        <BookingActions
          lang={lang}
          bookingId={b.id}
          doctorId={b.doctor.id}
          doctorName={b.doctor.name}
          clinicId={b.clinic.id}
          typeId={b.visitType?.id}
          canCancel={b.canCancel}
          canReschedule={b.canReschedule}
          cancelUntil={b.cancelUntil}
        />
      )}
      {b.canReview && <ReviewForm lang={lang} appointmentId={b.id} />}
    </article>
  );
}
