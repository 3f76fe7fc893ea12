import { type RefObject, useCallback, useEffect, useState } from 'react';
import { contactDraftStorageKey } from '../../content/contact-draft.ts';
import { contactForm } from '../../content/contact-form.ts';

const contactFields = ['name', 'email', 'phone', 'company', 'message'] as const;
export type ContactField = (typeof contactFields)[number];
export type ContactValues = Record<ContactField, string>;

const emptyContact: ContactValues = { name: '', email: '', phone: '', company: '', message: '' };

// A browser that blocks sessionStorage (privacy modes, sandboxed frames) throws on `window.sessionStorage` itself:
// reading and writing the draft are each one try.

/** The draft's text fields, cut to the form's limit; null when there is no readable draft. */
function readDraft(): Partial<ContactValues> | null {
  try {
    // No draft (null) parses as null, and an empty one throws, into the catch: neither is a draft.
    const parsed: unknown = JSON.parse(String(window.sessionStorage.getItem(contactDraftStorageKey)));
    // JSON that is not an object is no draft: it stays as it is until the visitor types (null throws below, into the
    // catch, as every other unreadable draft does).
    if (typeof parsed !== 'object') return null;
    const draft: Partial<ContactValues> = {};
    for (const field of contactFields) {
      const value = (parsed as Record<string, unknown>)[field];
      if (typeof value === 'string') draft[field] = value.slice(0, contactForm.maxFieldLength);
    }
    return draft;
  } /* Stryker disable next-line BlockStatement: undefined restores nothing, as null does */ catch {
    return null;
  }
}

function writeDraft(values: ContactValues | null): void {
  try {
    const storage = window.sessionStorage;
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
    // With nothing to restore, nothing is set: an unreadable draft stays as it is until the visitor types.
    if (draft || Object.keys(typed).length) setValues({ ...emptyContact, ...draft, ...typed });
  }, [form]);

  // The untouched initial state is never written, so that it cannot overwrite a draft not yet restored.
  useEffect(() => {
    if (values !== emptyContact) writeDraft(values);
  }, [values]);

  // Stryker disable ArrayDeclaration: a constant list of dependencies, whatever it holds, keeps the same function.
  const setField = useCallback((field: ContactField, value: string) => {
    setValues((current) => ({ ...current, [field]: value.slice(0, contactForm.maxFieldLength) }));
  }, []);

  const clear = useCallback(() => {
    setValues(emptyContact);
    writeDraft(null);
  }, []);

  // Stryker restore ArrayDeclaration
  return { values, setField, clear };
}
