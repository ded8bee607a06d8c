import { useEffect, useRef, useState, type RefObject } from "react";
import { t, type Lang } from "../../lib/i18n";
import { markReady } from "../../lib/ready";
import { callApi } from "../../lib/api";
import { onBookingRequest, type BookingRequest } from "../../lib/booking";
import { trackEvent } from "../../lib/track";
import type { DoctorSlots } from "../../booking";

/** ClinicInfo is what the form shows of the clinic, once known. */
export interface ClinicInfo {
  name: string;
  address: string;
  price: number;
}

/**
 * useRequest is the time a picker handed the form (null: closed) and its
 * clinic. It marks the island ready, then takes each request: a new visit
 * (not a reschedule) counts for the doctor and the clinic, and onRequest
 * starts the rest (the hold, the session).
 */
export function useRequest(lang: Lang, rootRef: RefObject<HTMLElement | null>, onRequest: (r: BookingRequest) => void) {
  const [request, setRequest] = useState<BookingRequest | null>(null);
  const [clinic, setClinic] = useState<ClinicInfo | null>(null);
  const started = useRef(onRequest);
  started.current = onRequest;
  const networkError = t(lang, "form.networkError");

  useEffect(() => {
    markReady(rootRef.current);
    return onBookingRequest((r) => {
      setRequest(r);
      setClinic(r.clinicName ? { name: r.clinicName, address: r.address ?? "", price: r.price ?? 0 } : null);
      if (!r.rescheduleId) {
        void trackEvent("doctor", r.doctorId, "booking_started");
        void trackEvent("clinic", r.clinicId, "booking_started");
      }
      started.current(r);
      if (!r.clinicName) {
        // A listing knows the time but not the clinic's address and price.
        const day = r.start.slice(0, 10);
        const path = `/api/doctors/${r.doctorId}/slots?clinic=${r.clinicId}&from=${day}&days=1&lang=${lang}`;
        void callApi<DoctorSlots>("GET", path, undefined, networkError).then((a) => {
          const c = a.data?.clinics.find((x) => x.clinicId === r.clinicId);
          if (c) setClinic({ name: c.clinicName, address: c.address, price: c.price });
        });
      }
    });
  }, [rootRef, lang, networkError]);

  return { request, clinic, setRequest };
}
