import { useState } from "react";
import type { Missing } from "./usePatient";
import type { ReturningAnswers } from "../../gen/booking";
import type { Relative, RelativeInput } from "../../gen/account";
import { emptyRelative } from "../../components/RelativeFields";

/** Who the visit is for: the user, a saved relative (their id), or a new one to save. */
export type Who = "self" | "new" | number;

/** SelfDetails are a patient's own details the profile lacks, as typed. */
export type SelfDetails = { firstName: string; lastName: string; birthDate: string };

/**
 * useVisitForm is what the visitor types about the visit: who it is for
 * (themselves, a relative saved on the profile, or a new relative to save
 * there), their own missing details, the reason, consent and "been here
 * before?".
 */
export function useVisitForm() {
  const [who, setWho] = useState<Who>("self");
  const [draft, setDraft] = useState<RelativeInput>(emptyRelative);
  const [self, setSelf] = useState<SelfDetails>({ firstName: "", lastName: "", birthDate: "" });
  const [reason, setReason] = useState("");
  const [consent, setConsent] = useState(false);
  const [returning, setReturning] = useState<boolean | null>(null);

  /** restart forgets the last visit's consent and answer. */
  const restart = () => {
    setConsent(false);
    setReturning(null);
  };

  /** selfDetails are the fields the profile lacks, as typed. */
  const selfDetails = (missing: Missing | null) => {
    const out: Record<string, string> = {};
    if (missing?.firstName) out.firstName = self.firstName.trim();
    if (missing?.lastName) out.lastName = self.lastName.trim();
    if (missing?.birthDate) out.birthDate = self.birthDate;
    return out;
  };

  /** knownReturning: the patient's answer is known already (asked once per patient and doctor). */
  const knownReturning = (answers: ReturningAnswers | null, relatives: Relative[] | null): boolean => {
    if (!answers) return true; // not known yet whether to ask: ask nothing
    if (who === "self") return answers.self != null;
    const p = who === "new" ? draft : relatives?.find((r) => r.id === who);
    const name = p?.name.trim().replace(/\s+/g, " ").toLowerCase();
    return answers.relatives.some((r) => r.name.toLowerCase() === name && r.birthDate === p?.birthDate);
  };

  return {
    who, setWho, draft, setDraft, self, setSelf,
    reason, setReason, consent, setConsent, returning, setReturning, restart, selfDetails, knownReturning,
  };
}

/** VisitForm is what useVisitForm gives the steps. */
export type VisitForm = ReturnType<typeof useVisitForm>;
