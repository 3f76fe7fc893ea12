import { type RefObject, useCallback, useEffect, useState } from 'react';
import { contactDraftStorageKey } from '../../content/contact-draft.ts';
import { contactForm } from '../../content/contact-form.ts';

const contactFields = ['name', 'email', 'phone', 'company', 'message'] as const;
export type ContactField = (typeof contactFields)[number];
export type ContactValues = Record<ContactField, string>;

const emptyContact: ContactValues = { name: '', email: '', phone: '', company: '', message: '' };

/** sessionStorage, or null when the browser blocks it (privacy modes, sandboxed frames). */
function draftStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function readDraft(): ContactValues | null {
  try {
    const raw = draftStorage()?.getItem(contactDraftStorageKey);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object') return null;
    const draft = { ...emptyContact };
    for (const field of contactFields) {
      const value = (parsed as Record<string, unknown>)[field];
      if (typeof value === 'string') draft[field] = value.slice(0, contactForm.maxFieldLength);
    }
    return draft;
  } catch {
    return null;
  }
}

function writeDraft(values: ContactValues | null): void {
  try {
    const storage = draftStorage();
    if (!storage) return;
    const empty = !values || contactFields.every((field) => values[field] === '');
    if (empty) storage.removeItem(contactDraftStorageKey);
    else storage.setItem(contactDraftStorageKey, JSON.stringify(values));
  } catch {
    // Quota or access errors: the draft is a convenience, the form keeps working without it.
  }
}

/** What the visitor typed into the prerendered form before the page's scripts ran (the inputs keep it). */
function readTyped(form: HTMLFormElement | null): Partial<ContactValues> {
  const typed: Partial<ContactValues> = {};
  if (!form) return typed;
  for (const field of contactFields) {
    const input = form.elements.namedItem(field);
    if ((input instanceof HTMLInputElement || input instanceof HTMLTextAreaElement) && input.value !== '') {
      typed[field] = input.value.slice(0, contactForm.maxFieldLength);
    }
  }
  return typed;
}

/**
 * The contact form's values, kept as a draft in sessionStorage until sent, so that a reload loses nothing. The draft is
 * read after mounting, so that the first render matches prerendered HTML; text typed before then wins over it.
 */
export function useContactDraft(form?: RefObject<HTMLFormElement | null>) {
  const [values, setValues] = useState<ContactValues>(emptyContact);

  useEffect(() => {
    const typed = readTyped(form?.current ?? null);
    const draft = readDraft();
    if (draft || Object.keys(typed).length) setValues({ ...emptyContact, ...draft, ...typed });
  }, [form]);

  // The untouched initial state is never written, so that it cannot overwrite a draft not yet restored.
  useEffect(() => {
    if (values !== emptyContact) writeDraft(values);
  }, [values]);

  const setField = useCallback((field: ContactField, value: string) => {
    setValues((current) => ({ ...current, [field]: value.slice(0, contactForm.maxFieldLength) }));
  }, []);

  const clear = useCallback(() => {
    setValues(emptyContact);
    writeDraft(null);
  }, []);

  return { values, setField, clear };
}
