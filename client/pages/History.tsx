// The visitor's own visits: /history and the confirmation page
// /history/{id}. Both are rendered per request (never cached, noindex) by
// server/booking's loaders; their actions are islands.
import { t } from "../lib/i18n";
import { href, pathHref } from "../lib/href";
import { formatPrice } from "../lib/money";
import { formatDateTime } from "../lib/date";
import { PageHead } from "../components/PageHead";
import { BookingCard, cancelRule, statusLabel } from "../components/BookingCard";
import { BookingActions, BookingForm, CalendarFeed, SignInButton, VisitDocuments } from "../components/islands";
import type { BookingDoneData, HistoryData } from "../booking";
import type { RenderProps } from "../types";
import "./History.css";

/** History is /history: upcoming and past visits, or what the page is for and a sign-in. */
export function History(props: RenderProps<HistoryData>) {
  const { lang, data } = props;
  const place = { lang, region: props.region.slug };
  const upcoming = data.upcoming ?? [];
  const past = data.past ?? [];
  return (
    <>
      <PageHead title={`${t(lang, "history.title")} | ${t(lang, "site.name")}`} description={t(lang, "history.description")} url={props.url} noindex />
      <section className="history">
        <h1 className="page-title">{t(lang, "history.title")}</h1>
        {!data.signedIn ? (
          <div className="history__anonymous">
            <p>{t(lang, "history.anonymous")}</p>
            <SignInButton lang={lang} loginHref={href("login", {}, place)} />
          </div>
        ) : (
          <>
            <h2>{t(lang, "history.upcoming")}</h2>
            {upcoming.length === 0 ? (
              <p className="history__empty">
                {t(lang, "history.noUpcoming")} <a href={href("doctors", {}, place)}>{t(lang, "history.findDoctor")}</a>
              </p>
            ) : (
              <div className="history__list history__list--upcoming">
                {upcoming.map((b) => (
                  <BookingCard key={b.id} b={b} lang={lang} region={place.region} upcoming />
                ))}
              </div>
            )}
            {data.calendar && (
              <section className="history__calendar" aria-labelledby="history-calendar">
                <h2 id="history-calendar">{t(lang, "history.calendarTitle")}</h2>
                <p className="history__calendar-text">{t(lang, "history.calendarText")}</p>
                <CalendarFeed lang={lang} url={data.calendar.url} webcal={data.calendar.webcal} />
              </section>
            )}
            <h2>{t(lang, "history.past")}</h2>
            {past.length === 0 ? (
              <p className="history__empty">{t(lang, "history.noPast")}</p>
            ) : (
              <div className="history__list history__list--past">
                {past.map((b) => (
                  <BookingCard key={b.id} b={b} lang={lang} region={place.region} />
                ))}
              </div>
            )}
            <BookingForm lang={lang} />
          </>
        )}
      </section>
    </>
  );
}

/** BookingDone is /history/{id}: the visit confirmed, how to cancel, the calendar file, the SMS. */
export function BookingDone(props: RenderProps<BookingDoneData>) {
  const { lang } = props;
  const b = props.data.booking;
  const place = { lang, region: props.region.slug };
  const when = formatDateTime(b.start, lang);
  const booked = b.status === "booked";
  return (
    <>
      <PageHead title={`${t(lang, booked ? "bookingDone.title" : "bookingDone.titleOther")} | ${t(lang, "site.name")}`} description={t(lang, "history.description")} url={props.url} noindex />
      <section className="booking-done">
        <h1 className="page-title">{booked ? t(lang, "bookingDone.title") : `${t(lang, "bookingDone.titleOther")}: ${statusLabel(lang, b)}`}</h1>
        <dl className="booking-done__facts">
          <dt>{t(lang, "bookingForm.when")}</dt>
          <dd><time dateTime={b.start}>{when}</time></dd>
          <dt>{t(lang, "bookingForm.doctor")}</dt>
          <dd>
            <a href={href("doctor", { slug: b.doctor.slug }, place)}>{b.doctor.name}</a>
            {b.doctor.specialty && `, ${b.doctor.specialty}`}
          </dd>
          <dt>{t(lang, "bookingForm.clinic")}</dt>
          <dd>
            <a href={href("clinic", { slug: b.clinic.slug }, place)}>{b.clinic.name}</a>
            <div>{b.clinic.address}</div>
            {b.clinic.phone && <div><a href={`tel:${b.clinic.phone.replace(/[^\d+]/g, "")}`}>{b.clinic.phone}</a></div>}
          </dd>
          {b.visitType && (
            <>
              <dt>{t(lang, "bookingForm.visitType")}</dt>
              <dd className="booking-done__type">
                {b.visitType.name}, {t(lang, "bookingForm.minutes", { n: b.visitType.minutes })}
              </dd>
            </>
          )}
          {b.online && (
            <>
              <dt>{t(lang, "booking.online")}</dt>
              <dd className="booking-done__online" data-online>
                {b.meetingUrl ? (
                  <a className="button" href={b.meetingUrl} target="_blank" rel="noopener noreferrer" data-meeting>
                    {t(lang, "booking.meetingJoin")}
                  </a>
                ) : (
                  booked && t(lang, "booking.meetingPending")
                )}
              </dd>
            </>
          )}
          {b.price > 0 && (
            <>
              <dt>{t(lang, "bookingForm.price")}</dt>
              <dd>{formatPrice(b.price, lang)}</dd>
            </>
          )}
          {b.patientName && (
            <>
              <dt>{t(lang, "history.patient")}</dt>
              <dd>{b.patientName}</dd>
            </>
          )}
          <dt>{t(lang, "bookingDone.status")}</dt>
          <dd className="booking-done__status">{statusLabel(lang, b)}</dd>
        </dl>
        {booked && (
          <>
            <h2>{t(lang, "bookingDone.howToCancel")}</h2>
            <p className="booking-done__rule" data-cancel-rule>{cancelRule(lang, b)}</p>
            <p className="booking-done__cancel">
              {b.canCancel
                ? t(lang, "bookingDone.cancelText", { time: formatDateTime(b.cancelUntil, lang), phone: b.clinic.phone })
                : t(lang, "bookingDone.cancelPhoneOnly", { phone: b.clinic.phone })}
            </p>
            <p className="booking-done__links">
              {b.googleCalendarUrl && (
                <a className="button button--outline" href={b.googleCalendarUrl} target="_blank" rel="noopener noreferrer">
                  {t(lang, "history.google")}
                </a>
              )}
              {b.icsUrl && <a className="button button--outline" href={b.icsUrl} download>{t(lang, "history.ics")}</a>}
              <a className="button button--outline" href={pathHref("/history", place)}>{t(lang, "bookingDone.allVisits")}</a>
            </p>
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
            <BookingForm lang={lang} />
          </>
        )}
        {(props.data.documents.canAttach || props.data.documents.documents.length > 0) && <VisitDocuments lang={lang} docs={props.data.documents} />}
        {b.smsText && (
          <>
            <h2>{t(lang, "bookingDone.sms")}</h2>
            <blockquote className="booking-done__sms">{b.smsText}</blockquote>
          </>
        )}
        {!booked && (
          <p>
            <a href={pathHref("/history", place)}>{t(lang, "bookingDone.allVisits")}</a>
          </p>
        )}
      </section>
    </>
  );
}
