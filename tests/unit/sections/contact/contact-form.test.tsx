/**
 * The contact form's required fields (docs/requirements.md, "Validation rules"): name, email and phone. A submit with
 * one of them missing (or only spaces) shows that field's error and sends nothing (no console line, no
 * "Message Sent!"); company and message are optional.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { contactForm } from '../../../../src/content/contact-form.ts';
import { ContactForm } from '../../../../src/sections/contact/contact-form.tsx';

const FILLED = {
  name: 'Jane Smith',
  email: 'jane@example.co.uk',
  phone: '07700 900123',
  company: 'Smith Lettings',
  message: 'Hello',
};
type Field = keyof typeof FILLED;
const LABELS: Record<Field, string> = contactForm.labels;

const field = (name: Field) => screen.getByLabelText(LABELS[name]) as HTMLInputElement;

function fill(values: Partial<Record<Field, string>>): void {
  for (const [name, value] of Object.entries(values) as Array<[Field, string]>) {
    fireEvent.change(field(name), { target: { value } });
  }
}

/** Submits with the Send button; answers which fields reported an error (an `invalid` event, as the browser shows). */
function submit(): Field[] {
  const invalid: Field[] = [];
  for (const name of Object.keys(FILLED) as Field[]) {
    field(name).addEventListener('invalid', () => invalid.push(name), { once: true });
  }
  fireEvent.click(screen.getByRole('button', { name: contactForm.send }));
  return invalid;
}

const submitted = (log: MockInstance) =>
  log.mock.calls.filter((call) => call[0] === 'Contact form submitted');

let log: MockInstance;
beforeEach(() => {
  log = vi.spyOn(console, 'log').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('ContactForm: required fields', () => {
  it.each(['name', 'email', 'phone'] as const)(
    'without %s: that field shows its error, nothing is sent',
    (missing) => {
      render(<ContactForm />);
      fill({ ...FILLED, [missing]: '' });
      expect(submit()).toEqual([missing]);
      expect(field(missing).validity.valueMissing).toBe(true);
      expect(field(missing).validationMessage).not.toBe('');
      expect(submitted(log)).toEqual([]);
      expect(screen.queryByRole('button', { name: contactForm.sent })).toBeNull();
    },
  );

  it.each(['name', 'email', 'phone'] as const)(
    '%s of spaces only: the same error, nothing is sent',
    (blank) => {
      render(<ContactForm />);
      fill({ ...FILLED, [blank]: '   ' });
      submit();
      // An email input drops the spaces itself and reports the field empty; the others get the form's own message.
      expect(field(blank).validationMessage).not.toBe('');
      if (blank !== 'email') expect(field(blank).validationMessage).toBe(contactForm.requiredError);
      expect(submitted(log)).toEqual([]);
      expect(screen.queryByRole('button', { name: contactForm.sent })).toBeNull();
      // Typing clears the error: the next submit goes through.
      fill({ [blank]: FILLED[blank] });
      expect(field(blank).validationMessage).toBe('');
      expect(submit()).toEqual([]);
      expect(submitted(log)).toHaveLength(1);
    },
  );

  it('with only the required fields: sent once, "Message Sent!", the form cleared', () => {
    render(<ContactForm />);
    fill({ name: FILLED.name, email: FILLED.email, phone: FILLED.phone });
    expect(submit()).toEqual([]);
    expect(submitted(log)).toEqual([
      [
        'Contact form submitted',
        { name: FILLED.name, email: FILLED.email, phone: FILLED.phone, company: '', message: '' },
      ],
    ]);
    expect(screen.getByRole('button', { name: contactForm.sent })).toBeTruthy();
    expect(field('name').value).toBe('');
  });
});
