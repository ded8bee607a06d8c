import { useState } from "react";
import type { Missing } from "./usePatient";
import type { ReturningAnswers } from "../../gen/booking";

/** SelfDetails are a patient's own details the profile lacks, as typed. */
export type SelfDetails = { firstName: string; lastName: string; birthDate: string };

/**
 * useVisitForm is what the visitor types about the visit: who it is for
 * (themselves, or someone else by name and birth date), their own missing
 * details, the reason, consent and "been here before?".
 */
export function useVisitForm() {
  const [forSelf, setForSelf] = useState(true);
  const [patientName, setPatientName] = useState("");
  const [birthDate, setBirthDate] = useState("");
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
  const knownReturning = (answers: ReturningAnswers | null): boolean => {
    if (!answers) return true; // not known yet whether to ask: ask nothing
    if (forSelf) return answers.self != null;
    const name = patientName.trim().toLowerCase();
    return answers.relatives.some((r) => r.name.toLowerCase() === name && r.birthDate === birthDate);
  };

  return {
    forSelf, setForSelf, patientName, setPatientName, birthDate, setBirthDate, self, setSelf,
    reason, setReason, consent, setConsent, returning, setReturning, restart, selfDetails, knownReturning,
  };
}

/** VisitForm is what useVisitForm gives the steps. */
export type VisitForm = ReturnType<typeof useVisitForm>;
