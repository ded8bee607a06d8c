import { t, type Lang } from "../../lib/i18n";
import { formatPrice } from "../../lib/money";
import { formatDateTime } from "../../lib/date";
import type { BookingRequest } from "../../lib/booking";
import type { ClinicInfo } from "./useRequest";

/** Summary lists the visit asked for: doctor, time, visit type, clinic and price. */
export function Summary({ lang, request, clinic }: { lang: Lang; request: BookingRequest; clinic: ClinicInfo | null }) {
  return (
    <dl className="booking-form__summary">
      <dt>{t(lang, "bookingForm.doctor")}</dt>
      <dd>{request.doctorName}</dd>
      <dt>{t(lang, "bookingForm.when")}</dt>
      <dd className="booking-form__when">{formatDateTime(request.start, lang)}</dd>
      {request.typeName && (
        <>
          <dt>{t(lang, "bookingForm.visitType")}</dt>
          <dd className="booking-form__type">
            {request.typeName}
            {request.minutes ? `, ${t(lang, "bookingForm.minutes", { n: request.minutes })}` : ""}
          </dd>
        </>
      )}
      {clinic && (
        <>
          <dt>{t(lang, "bookingForm.clinic")}</dt>
          <dd>
            {clinic.name}
            {clinic.address && <div className="booking-form__address">{clinic.address}</div>}
          </dd>
          {clinic.price > 0 && (
            <>
              <dt>{t(lang, "bookingForm.price")}</dt>
              <dd>{formatPrice(clinic.price, lang)}</dd>
            </>
          )}
        </>
      )}
    </dl>
  );
}
