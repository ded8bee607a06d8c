// Free times without React. The doctor cards' next times (a listing, a
// clinic, a disease page) and a doctor's week grid are the first thing a
// patient looks at, so they must not wait for React (~70 KB): they are
// built here with the DOM, from labels the server wrote in the visitor's
// language (components/FreeTimes.tsx), and loaded by the entry when they
// come into view. Picking a time hands it to the BookingForm island
// (lib/booking.ts), which hydrates then. The reschedule picker on /history
// (a React island) draws the same week grid through mountWeek.
import type { Lang } from "./i18n";
import { callApi } from "./api";
import { addDays, formatDay, formatTime, tashkent, todayInTashkent, weekdayName } from "./date";
import { formatPrice } from "./money";
import { onBookingClosed, openBooking } from "./booking";
import { pathHref } from "./href";
import { signedInHint, withNext } from "./returnTo";
import type { ClinicSlots, DoctorNext, DoctorSlots, Slot, WaitlistOffer, Waitlists } from "../booking";
import type { NextSlot, VisitType } from "../gen/booking";

/** FreeTimesLabels are the texts of the free times, in the page's language. */
export interface FreeTimesLabels {
  loading: string;
  /** nextFree has a {date} placeholder. */
  nextFree: string;
  none: string;
  dayNone: string;
  weeks: string;
  prevWeek: string;
  nextWeek: string;
  networkError: string;
  waitlistJoin: string;
  waitlistJoined: string;
  waitlistLeave: string;
  waitlistSignIn: string;
  /** timeAt has {date}, {time}, {clinic} and {price} placeholders. */
  timeAt: string;
  /** priceHere has a {price} placeholder: the price at the clinic whose page it is. */
  priceHere: string;
  noneHere: string;
  otherClinics: string;
  /** moreTimes has {n} and {date} placeholders: the "+N" button's name. */
  moreTimes: string;
  /** visitType names the visit types' choice. */
  visitType: string;
  /** minutes has an {n} placeholder: a visit's length. */
  minutes: string;
}

const weekDays = 7;
/** shownPerDay is how many of a day's times the week grid shows before "+N". */
const shownPerDay = 4;
/** maxDoctors is what one GET /api/slots takes (the contract's limit). */
const maxDoctors = 50;

type Child = Node | string | false | null | undefined;

/** h builds an element: attributes (on* are listeners), then children. */
function h(tag: string, attrs: Record<string, string | boolean | ((e: Event) => void) | undefined>, ...children: Child[]): HTMLElement {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    if (typeof value === "function") el.addEventListener(name.slice(2), value);
    else el.setAttribute(name, value === true ? "" : value);
  }
  for (const c of children) if (c) el.append(c);
  return el;
}

function slotButton(start: string, text: string, label: string | undefined, onPick: () => void): HTMLElement {
  return h("button", { type: "button", class: "slot-button", "data-start": start, "aria-label": label, onclick: onPick }, text);
}

/**
 * redraw replaces el's content; focus inside it (a time the closed booking
 * dialog handed focus back to) moves to the same time drawn again, else to
 * the first button, so a keyboard user keeps their place.
 */
function redraw(el: HTMLElement, ...nodes: Node[]): void {
  const active = document.activeElement;
  const had = active instanceof HTMLElement && el.contains(active) ? active : null;
  el.replaceChildren(...nodes);
  if (!had) return;
  const buttons = [...el.querySelectorAll<HTMLButtonElement>("button:not([disabled])")];
  const same = had.dataset.start ? buttons.find((b) => b.dataset.start === had.dataset.start) : buttons.find((b) => b.textContent === had.textContent);
  (same ?? el.querySelector<HTMLElement>(".slot-button, button:not([disabled]), a[href]"))?.focus();
}

/** typeText is a visit type as a patient reads it: its name and length. */
export function typeText(labels: FreeTimesLabels, vt: VisitType): string {
  return vt.minutes > 0 ? `${vt.name}, ${labels.minutes.replace("{n}", String(vt.minutes))}` : vt.name;
}

/** typeRequest is what the BookingForm is told of a picked time's visit type. */
function typeRequest(vt: VisitType | null | undefined): { typeId?: number; typeName?: string; minutes?: number } {
  return vt ? { typeId: vt.id, typeName: vt.name, minutes: vt.minutes } : {};
}

/** labelsOf reads the labels the server wrote on el (data-labels). */
function labelsOf(el: HTMLElement): FreeTimesLabels {
  return JSON.parse(el.dataset.labels || "{}") as FreeTimesLabels;
}

function langOf(el: HTMLElement): Lang {
  return el.dataset.lang === "uz" ? "uz" : "ru";
}

/** ready marks el loaded: what the browser tests wait for (as islands' data-hydrated). */
function ready(el: HTMLElement): void {
  el.dataset.ready = "true";
}

/** waitlistParam names the doctor whose waitlist a sign-in was started for (?waitlist=id). */
const waitlistParam = "waitlist";

/**
 * waitlist offers "notify me when a time frees up" for a doctor with no
 * free time in the horizon (POST /api/waitlist); once joined it says so
 * and offers to leave (DELETE). A visitor not signed in (no signed_in
 * hint: nothing is asked of the API, so no 401) gets a link to /login that
 * comes back here with ?waitlist={id}; back and signed in, the join is
 * made at once (issue 34 item 3).
 */
function waitlist(lang: Lang, labels: FreeTimesLabels, doctorId: number): HTMLElement {
  const box = h("div", { class: "waitlist", "data-waitlist": String(doctorId) });
  const show = (joined: boolean | null, error = "") => {
    const button = joined
      ? h("button", { type: "button", onclick: () => void change(false) }, labels.waitlistLeave)
      : h("button", { type: "button", disabled: joined === null, onclick: () => void change(true) }, labels.waitlistJoin);
    box.replaceChildren(...[joined ? h("p", { role: "status" }, labels.waitlistJoined) : null, button, error ? h("p", { role: "alert" }, error) : null].filter((n): n is HTMLElement => !!n));
  };
  const signedOut = () => {
    const back = new URL(window.location.href);
    back.searchParams.set(waitlistParam, String(doctorId));
    box.replaceChildren(h("a", { href: withNext(pathHref("/login", { lang, region: "" }), back.pathname + back.search) }, labels.waitlistSignIn));
  };
  let joined: boolean | null = null;
  async function change(join: boolean) {
    const a = join
      ? await callApi<Waitlists>("POST", `/api/waitlist?lang=${lang}`, { doctorId }, labels.networkError)
      : await callApi<unknown>("DELETE", `/api/waitlist/${doctorId}?lang=${lang}`, undefined, labels.networkError);
    if (a.status === 401) return signedOut();
    if (a.error) return show(joined, a.error);
    joined = join;
    show(joined);
  }
  if (!signedInHint()) {
    signedOut();
    return box;
  }
  show(null);
  void callApi<Waitlists>("GET", `/api/waitlist?doctors=${doctorId}&lang=${lang}`, undefined, labels.networkError).then((a) => {
    if (a.status === 401) return signedOut();
    joined = !!a.data?.doctors.includes(doctorId);
    show(joined);
    // Back from the sign-in started here: finish what was asked, once.
    const url = new URL(window.location.href);
    if (url.searchParams.get(waitlistParam) !== String(doctorId)) return;
    url.searchParams.delete(waitlistParam);
    window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
    if (!joined) void change(true);
  });
  return box;
}

/**
 * startCards fills every doctor card of the page (data-next-slots="{id}",
 * written by DoctorSummary) with the doctor's next free times, asked for
 * in ONE GET /api/slots, so the cached page HTML never carries a time.
 * marker carries the labels and the language.
 */
export function startCards(marker: HTMLElement): void {
  const lang = langOf(marker);
  const labels = labelsOf(marker);
  // On a clinic's page (data-clinic) a card offers that clinic's times only.
  const here = Number(marker.dataset.clinic) || 0;
  const cards = [...document.querySelectorAll<HTMLElement>("[data-next-slots]")].filter((el) => Number(el.dataset.nextSlots) > 0);
  const ids = [...new Set(cards.map((c) => Number(c.dataset.nextSlots)))].slice(0, maxDoctors);
  const load = async () => {
    if (ids.length === 0) return;
    const clinic = here ? `&clinic=${here}` : "";
    const answer = await callApi<{ doctors: DoctorNext[] }>("GET", `/api/slots?doctors=${ids.join(",")}&limit=3${clinic}&lang=${lang}`, undefined, "");
    // Without an answer the cards keep their plain "book" link.
    if (!answer.data) return;
    const next = new Map(answer.data.doctors.map((d) => [d.doctorId, d]));
    for (const card of cards) {
      const d = next.get(Number(card.dataset.nextSlots));
      if (d) redraw(card, ...cardTimes(lang, labels, card, d, here));
    }
  };
  void load().finally(() => ready(marker));
  // A closed booking form released its hold: that time is free again.
  onBookingClosed(() => void load());
}

function cardTimes(lang: Lang, labels: FreeTimesLabels, card: HTMLElement, next: DoctorNext, here: number): HTMLElement[] {
  const doctorId = Number(card.dataset.nextSlots);
  if (here && next.clinics.length === 0) {
    // None at this clinic: the doctor's other clinics may have some.
    const page = card.closest(".doctor-summary")?.querySelector<HTMLAnchorElement>(".doctor-summary__name a")?.href;
    return [h("p", { class: "next-slots__none" }, labels.noneHere, " ", page ? h("a", { href: page }, labels.otherClinics) : null)];
  }
  if (!next.nextFree || next.clinics.length === 0) return [h("p", { class: "next-slots__none" }, labels.none), waitlist(lang, labels, doctorId)];
  const doctorName = card.dataset.doctorName ?? "";
  // Times per clinic, each under its name and price, so the patient knows
  // where and for how much before the hold; on a clinic's own page (here)
  // only that clinic's times come, under its price alone.
  return [
    h(
      "div",
      { class: "next-slots" },
      ...next.clinics.map((c) => {
        const price = c.price > 0 ? formatPrice(c.price, lang) : "";
        const pick = (s: NextSlot) => () =>
          openBooking({ doctorId, doctorName, clinicId: c.clinicId, start: s.start, clinicName: c.name, address: c.address, price: c.price, ...typeRequest(c.type) });
        // The times are for the clinic's first visit type (its length and price): said under the clinic.
        const kind = c.type ? h("p", { class: "next-slots__type" }, typeText(labels, c.type)) : null;
        return h(
          "section",
          { class: "next-slots__clinic", "data-clinic": String(c.clinicId) },
          here
            ? h("p", { class: "next-slots__where" }, price && labels.priceHere.replace("{price}", price))
            : h("p", { class: "next-slots__where" }, h("strong", {}, c.name), price && " · ", price && h("span", { class: "next-slots__price" }, price)),
          kind,
          ...byDay(c.slots).map(([date, slots]) =>
            h(
              "div",
              { class: "next-slots__day" },
              h("span", { class: "next-slots__date" }, `${weekdayName(date, lang)}, ${formatDay(date, lang)}`),
              h(
                "div",
                { class: "next-slots__times" },
                ...slots.map((s) => slotButton(s.start, formatTime(s.start), slotLabel(labels, lang, date, s.start, c.name, price), pick(s))),
              ),
            ),
          ),
        );
      }),
    ),
  ];
}

/** byDay groups times (in order) by their Tashkent date. */
function byDay(slots: NextSlot[]): [string, NextSlot[]][] {
  const out: [string, NextSlot[]][] = [];
  for (const s of slots) {
    const date = tashkent(s.start).date;
    const last = out[out.length - 1];
    if (last && last[0] === date) last[1].push(s);
    else out.push([date, [s]]);
  }
  return out;
}

/** slotLabel is what a time button says to a screen reader: the day, the time, where and the price. */
function slotLabel(labels: FreeTimesLabels, lang: Lang, date: string, start: string, clinic: string, price: string): string {
  const label = labels.timeAt
    .replace("{date}", formatDay(date, lang))
    .replace("{time}", formatTime(start))
    .replace("{clinic}", clinic)
    .replace("{price}", price);
  // Without a price the label ends in its separator. (Not a RegExp: goja
  // compiles a literal's pattern again for every call.)
  return label.endsWith(", ") ? label.slice(0, -2) : label;
}

/** WeekOptions are a week grid's doctor, language, texts and callbacks. */
export interface WeekOptions {
  lang: Lang;
  labels: FreeTimesLabels;
  doctorId: number;
  /** clinicId limits the grid to one clinic. */
  clinicId?: number;
  /**
   * typeId fixes the visit type (a reschedule keeps the visit's); without
   * it each clinic offers its types to choose from, its first chosen.
   */
  typeId?: number;
  /** rescheduleId is the visit being moved, whose type is offered even if the clinic has switched it off since. */
  rescheduleId?: number;
  onPick: (slot: Slot, clinic: ClinicSlots) => void;
  /** onLoaded runs after each answer (null: a failure). */
  onLoaded?: (answer: DoctorSlots | null) => void;
}

/** Week is a mounted week grid: reload asks again, stop ends it. */
export interface Week {
  reload(): void;
  stop(): void;
}

/**
 * mountWeek draws a doctor's free times into box, seven days at a time,
 * one block per clinic, with the previous and next week
 * (GET /api/doctors/{id}/slots).
 */
export function mountWeek(box: HTMLElement, o: WeekOptions): Week {
  const today = todayInTashkent();
  let from = today;
  let asked = 0;
  let stopped = false;
  // The visit type chosen at each clinic (the patient picks the type
  // first, then sees only the times that fit it).
  const chosen = new Map<number, number>();
  const load = async () => {
    const n = ++asked;
    const clinic = o.clinicId ? `&clinic=${o.clinicId}` : "";
    const types = o.typeId ? [o.typeId] : [...chosen.values()];
    const type = (types.length > 0 ? `&type=${types.join(",")}` : "") + (o.rescheduleId ? `&reschedule=${o.rescheduleId}` : "");
    const a = await callApi<DoctorSlots>("GET", `/api/doctors/${o.doctorId}/slots?from=${from}&days=${weekDays}${clinic}${type}&lang=${o.lang}`, undefined, o.labels.networkError);
    // A newer question (a week step) or the end wins over this answer.
    if (stopped || n !== asked) return;
    if (a.data) redraw(box, week(a.data));
    else box.replaceChildren(h("p", { class: "week-slots__error", role: "alert" }, a.error ?? o.labels.networkError));
    o.onLoaded?.(a.data ?? null);
  };
  const step = (days: number) => {
    from = addDays(from, days);
    void load();
  };
  const week = (answer: DoctorSlots): HTMLElement => {
    const { lang, labels } = o;
    const canBack = from > today;
    // Each clinic takes bookings as far ahead as it chose: "later" goes
    // to the last day of the longest horizon, and not at all without a
    // free time in any (it would show empty weeks).
    const horizon = Math.max(0, ...answer.clinics.map((c) => c.horizonDays));
    const canForward = addDays(from, weekDays) < addDays(today, horizon) && !!answer.nextFree;
    const empty = answer.clinics.every((c) => c.days.every((d) => d.slots.length === 0));
    return h(
      "div",
      { class: "week-slots" },
      h(
        "nav",
        { class: "week-slots__nav", "aria-label": labels.weeks },
        h("button", { type: "button", class: "week-slots__step", disabled: !canBack, onclick: () => step(-weekDays) }, `← ${labels.prevWeek}`),
        h("span", { class: "week-slots__range" }, `${formatDay(from, lang)} — ${formatDay(addDays(from, weekDays - 1), lang)}`),
        h("button", { type: "button", class: "week-slots__step", disabled: !canForward, onclick: () => step(weekDays) }, `${labels.nextWeek} →`),
      ),
      empty && h("p", { class: "week-slots__empty" }, answer.nextFree ? labels.nextFree.replace("{date}", formatDay(tashkent(answer.nextFree).date, lang)) : labels.none),
      ...(empty ? [] : answer.clinics.map((c) => clinicWeek(c))),
    );
  };
  const clinicWeek = (c: ClinicSlots): HTMLElement => {
    const { lang, labels } = o;
    return h(
      "section",
      { class: "week-slots__clinic" },
      h("h3", { class: "week-slots__clinic-name" }, c.clinicName),
      h("p", { class: "week-slots__clinic-meta" }, c.address, c.price > 0 && h("strong", {}, ` · ${formatPrice(c.price, lang)}`)),
      typeChoice(c),
      h(
        "div",
        { class: "week-slots__days" },
        // A clinic whose horizon ends before this week has no days in it.
        c.days.length === 0 && h("p", { class: "week-slots__free-none" }, labels.dayNone),
        ...c.days.map((d) =>
          h(
            "div",
            { class: "week-slots__day", "data-date": d.date },
            h("h4", {}, `${weekdayName(d.date, lang)}, ${formatDay(d.date, lang)}`),
            d.slots.length === 0 ? h("p", { class: "week-slots__free-none" }, labels.dayNone) : dayTimes(d.date, d.slots, c),
          ),
        ),
      ),
    );
  };
  /**
   * typeChoice is the clinic's visit types, one button each, the one the
   * times are for pressed: choosing another asks for its times. With a
   * fixed type (a reschedule) it only names it.
   */
  const typeChoice = (c: ClinicSlots): HTMLElement | null => {
    const { labels, lang } = o;
    if (!c.type) return null;
    if (o.typeId || c.types.length < 2) return h("p", { class: "week-slots__type" }, typeText(labels, c.type));
    return h(
      "div",
      { class: "week-slots__types", role: "group", "aria-label": labels.visitType, "data-clinic": String(c.clinicId) },
      ...c.types.map((vt) =>
        h(
          "button",
          {
            type: "button",
            class: "week-slots__type-button",
            "aria-pressed": vt.id === c.type?.id ? "true" : "false",
            "data-type": String(vt.id),
            onclick: () => {
              chosen.set(c.clinicId, vt.id);
              void load();
            },
          },
          h("span", {}, vt.name),
          h("small", {}, `${labels.minutes.replace("{n}", String(vt.minutes))} · ${formatPrice(vt.price, lang)}`),
        ),
      ),
    );
  };
  /**
   * dayTimes are a day's time buttons: the first few, and a button for the
   * rest, so a week of a busy doctor is a screen, not three (issue 34 item 4).
   */
  const dayTimes = (date: string, slots: Slot[], c: ClinicSlots): HTMLElement => {
    const { lang, labels } = o;
    const button = (s: Slot) => slotButton(s.start, formatTime(s.start), `${formatDay(date, lang)}, ${formatTime(s.start)}`, () => o.onPick(s, c));
    const shown = slots.length > shownPerDay + 1 ? shownPerDay : slots.length;
    const box = h("div", { class: "week-slots__times" }, ...slots.slice(0, shown).map(button));
    // "+1" would hide one time behind a button as big as the time.
    if (slots.length > shownPerDay + 1) {
      const rest = slots.slice(shownPerDay);
      const more = h(
        "button",
        {
          type: "button",
          class: "week-slots__more",
          "aria-label": labels.moreTimes.replace("{n}", String(rest.length)).replace("{date}", formatDay(date, lang)),
          onclick: () => {
            const added = rest.map(button);
            more.replaceWith(...added);
            added[0]?.focus();
          },
        },
        `+${rest.length}`,
      );
      box.append(more);
    }
    return box;
  };
  box.replaceChildren(h("p", { class: "week-slots__loading", role: "status" }, o.labels.loading));
  void load();
  return {
    reload: () => void load(),
    stop: () => {
      stopped = true;
    },
  };
}

/**
 * startDoctorWeek runs a doctor card's week grid (components/FreeTimes.tsx
 * DoctorWeek): a time opens the BookingForm; with no free time in the
 * horizon it offers the waitlist; opened from a waitlist SMS (?offer=id.key)
 * it claims the offer (POST /api/waitlist/offer) and hands its hold to the
 * BookingForm.
 */
export function startDoctorWeek(el: HTMLElement): void {
  const lang = langOf(el);
  const labels = labelsOf(el);
  const doctorId = Number(el.dataset.doctorId);
  const doctorName = el.dataset.doctorName ?? "";
  const grid = h("div", {});
  const full = h("div", {});
  const offerError = h("div", {});
  el.replaceChildren(offerError, grid, full);
  const week = mountWeek(grid, {
    lang,
    labels,
    doctorId,
    onPick: (s, c) =>
      openBooking({ doctorId, doctorName, clinicId: c.clinicId, start: s.start, clinicName: c.clinicName, address: c.address, price: c.price, ...typeRequest(c.type) }),
    onLoaded: (a) => {
      full.replaceChildren(...(a && !a.nextFree ? [waitlist(lang, labels, doctorId)] : []));
      ready(el);
    },
  });
  onBookingClosed(() => week.reload());
  const offer = new URLSearchParams(window.location.search).get("offer");
  if (!offer) return;
  void callApi<WaitlistOffer>("POST", `/api/waitlist/offer?lang=${lang}`, { offer }, labels.networkError).then((a) => {
    if (!a.data) return offerError.replaceChildren(h("p", { role: "alert" }, a.error ?? ""));
    const o = a.data;
    openBooking({ doctorId, doctorName, clinicId: o.hold.clinicId, start: o.hold.start, clinicName: o.clinicName, address: o.address, price: o.price, hold: o.hold });
  });
}
