import { useCallback, useEffect, useRef, useState } from "react";
import { t, type Lang } from "../../lib/i18n";
import { callApi } from "../../lib/api";
import { instant } from "../../lib/date";
import { newIdempotencyKey, type BookingRequest } from "../../lib/booking";
import type { Hold } from "../../booking";
import type { HoldExpiry } from "../../gen/booking";

/** Stage is where the form is with the time asked for. */
export type Stage =
  | { kind: "holding" }
  | { kind: "held"; hold: Hold }
  | { kind: "expired" }
  | { kind: "refused"; message: string };

/**
 * useHold holds a chosen time (POST /api/bookings/holds) and counts its
 * five minutes down: `left` seconds, `now` for the cancel cut-off. The hold
 * expires at zero unless a request on it is in flight (busy). holdRef is
 * the live hold (null once released, booked or gone); idempotencyKey is
 * the booking key of this hold, so a double tap books once.
 */
export function useHold(lang: Lang, busy: boolean) {
  const [stage, setStage] = useState<Stage>({ kind: "holding" });
  const [now, setNow] = useState(() => Date.now());
  const holdRef = useRef<Hold | null>(null);
  const idempotencyKey = useRef("");
  // One hold request key per time asked for: asking for the same time
  // again (after a lost answer or a network error) gets the same hold back
  // instead of "taken".
  const holdKeys = useRef(new Map<string, string>());
  const networkError = t(lang, "form.networkError");

  const take = useCallback((h: Hold) => {
    holdRef.current = h;
    idempotencyKey.current = newIdempotencyKey();
    setNow(Date.now());
    setStage({ kind: "held", hold: h });
  }, []);

  const hold = useCallback(
    async (r: BookingRequest) => {
      setStage({ kind: "holding" });
      if (r.hold) return take(r.hold);
      const asked = `${r.doctorId}/${r.clinicId}/${r.start}/${r.typeId ?? 0}`;
      const requestKey = holdKeys.current.get(asked) ?? newIdempotencyKey();
      holdKeys.current.set(asked, requestKey);
      const body = { doctorId: r.doctorId, clinicId: r.clinicId, start: r.start, typeId: r.typeId, idempotencyKey: requestKey, rescheduleId: r.rescheduleId };
      const answer = await callApi<Hold>("POST", `/api/bookings/holds?lang=${lang}`, body, networkError);
      if (answer.error || !answer.data) return setStage({ kind: "refused", message: answer.error ?? networkError });
      take(answer.data);
    },
    [lang, networkError, take],
  );

  // The countdown ticks while a hold is live.
  useEffect(() => {
    if (stage.kind !== "held") return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [stage.kind]);

  const left = stage.kind === "held" ? Math.max(0, Math.floor((instant(stage.hold.expiresAt) - now) / 1000)) : 0;
  useEffect(() => {
    if (stage.kind === "held" && left === 0 && !busy) {
      holdRef.current = null;
      setStage({ kind: "expired" });
    }
  }, [stage.kind, left, busy]);

  /**
   * extend asks for the hold's five minutes again, once, right after the
   * visitor has signed in (the SMS code took some of them). A refusal
   * leaves the hold as it was: the countdown still says what is left.
   */
  const extend = useCallback(async () => {
    const h = holdRef.current;
    if (!h) return;
    const path = `/api/bookings/holds/${h.id}/extend?key=${encodeURIComponent(h.key)}&lang=${lang}`;
    const answer = await callApi<HoldExpiry>("POST", path, undefined, networkError);
    if (!answer.data || holdRef.current !== h) return;
    const extended = { ...h, expiresAt: answer.data.expiresAt };
    holdRef.current = extended;
    setNow(Date.now());
    setStage({ kind: "held", hold: extended });
  }, [lang, networkError]);

  /** gone ends the hold with the server's reason: the visitor picks again. */
  const gone = (message: string) => {
    holdRef.current = null;
    setStage({ kind: "refused", message });
  };
  return { stage, now, left, holdRef, idempotencyKey, hold, extend, gone };
}
