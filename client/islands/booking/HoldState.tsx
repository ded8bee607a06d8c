import { t, type Lang } from "../../lib/i18n";
import { formatDateTime, instant } from "../../lib/date";
import type { Stage } from "./useHold";

/** Waiting says the time is being held, or why it is gone, with a way back to the times. */
export function Waiting({ lang, stage, close }: { lang: Lang; stage: Stage; close: () => void }) {
  if (stage.kind === "holding") return <p role="status">{t(lang, "bookingForm.holding")}</p>;
  if (stage.kind !== "refused" && stage.kind !== "expired") return null;
  return (
    <div className="booking-form__gone">
      <p role="alert">{stage.kind === "expired" ? t(lang, "bookingForm.expired") : stage.message}</p>
      <button type="button" className="button" onClick={close}>{t(lang, "bookingForm.pickAgain")}</button>
    </div>
  );
}

/**
 * Countdown is the time left on the hold and the clinic's cancel rule for
 * this time: until when the visit can be cancelled or moved on the site,
 * or a warning when the cut-off has passed already.
 */
export function Countdown({ lang, left, now, cancelUntil }: { lang: Lang; left: number; now: number; cancelUntil?: string }) {
  const minutes = Math.floor(left / 60);
  const seconds = left % 60;
  return (
    <>
      <p className="booking-form__countdown" role="timer" aria-live="off">
        {/* "4 мин 05 с", not "4:05", which reads as a clock time. */}
        {t(lang, "bookingForm.heldFor", { time: t(lang, "bookingForm.left", { m: minutes, s: `${seconds < 10 ? "0" : ""}${seconds}` }) })}
      </p>
      {/* Inside the clinic's cancel cut-off already: say so before the booking, not in the SMS after it. */}
      {cancelUntil && instant(cancelUntil) <= now && (
        <p className="booking-form__warning" role="note">{t(lang, "bookingForm.phoneOnly")}</p>
      )}
      {cancelUntil && instant(cancelUntil) > now && (
        <p className="booking-form__note" data-cancel-until={cancelUntil}>{t(lang, "history.cancelUntil", { time: formatDateTime(cancelUntil, lang) })}</p>
      )}
    </>
  );
}
