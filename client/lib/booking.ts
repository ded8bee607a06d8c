// How the free times (lib/freeTimes.ts: the doctor cards, the week grid, the
// reschedule picker) hand a chosen time to the BookingForm island. Islands
// of one page share this module (the browser bundles split shared code into
// one chunk), so a choice made before BookingForm hydrates waits for it.

import type { Hold } from "../booking";
import { wakeIsland } from "./wake";

/** BookingRequest is a free time a visitor chose. */
export interface BookingRequest {
  doctorId: number;
  doctorName: string;
  clinicId: number;
  start: string;
  /** The clinic's name, address and price when the picker knows them. */
  clinicName?: string;
  address?: string;
  price?: number;
  /** The visit type the time is for (its id, name and length), when it has one. */
  typeId?: number;
  typeName?: string;
  minutes?: number;
  /** rescheduleId is set when the time replaces this booking. */
  rescheduleId?: number;
  /** hold is a hold the visitor has already (a waitlist offer): the form books it instead of holding anew. */
  hold?: Hold;
}

type Listener = (r: BookingRequest) => void;

let pending: BookingRequest | null = null;
const listeners = new Set<Listener>();
const closedListeners = new Set<() => void>();

/** openBooking asks the page's BookingForm to hold r's time. */
export function openBooking(r: BookingRequest): void {
  if (listeners.size === 0) {
    pending = r;
    // The form hydrates on demand; it takes the pending choice when it does.
    wakeIsland("BookingForm");
    return;
  }
  listeners.forEach((l) => l(r));
}

/** onBookingRequest subscribes the BookingForm; a choice made before is delivered at once. */
export function onBookingRequest(l: Listener): () => void {
  listeners.add(l);
  if (pending) {
    const r = pending;
    pending = null;
    l(r);
  }
  return () => listeners.delete(l);
}

/** bookingClosed tells the pickers the form closed without booking, so they ask for free times again. */
export function bookingClosed(): void {
  closedListeners.forEach((l) => l());
}

/** onBookingClosed subscribes a picker to bookingClosed. */
export function onBookingClosed(l: () => void): () => void {
  closedListeners.add(l);
  return () => closedListeners.delete(l);
}

/** newIdempotencyKey is a random UUID (v4) naming one booking attempt. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
