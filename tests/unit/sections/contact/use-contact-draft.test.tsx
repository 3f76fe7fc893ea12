/**
 * The contact form's draft (docs/requirements.md, "Validation rules"): what the visitor typed survives a reload of the
 * tab in sessionStorage, is read back after mounting (text typed into the prerendered form before the scripts ran wins
 * over it), and goes once the form is sent or emptied. The form is the real one; storage is happy-dom's sessionStorage.
 */
import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contactDraftStorageKey } from '../../../../src/content/contact-draft.ts';
import { contactForm } from '../../../../src/content/contact-form.ts';
import { ContactForm } from '../../../../src/sections/contact/contact-form.tsx';
import { useContactDraft } from '../../../../src/sections/contact/use-contact-draft.ts';

type Field = keyof typeof contactForm.labels;
const FIELDS: Field[] = ['name', 'email', 'phone', 'company', 'message'];
const EMPTY = { name: '', email: '', phone: '', company: '', message: '' };
const MAX = contactForm.maxFieldLength;

const shown = (container: HTMLElement = document.body) =>
  Object.fromEntries(
    FIELDS.map((name) => [
      name,
      (container.querySelector(`[name="${name}"]`) as HTMLInputElement | HTMLTextAreaElement).value,
    ]),
  );
const stored = () => window.sessionStorage.getItem(contactDraftStorageKey);
const store = (draft: unknown) =>
  window.sessionStorage.setItem(
    contactDraftStorageKey,
    typeof draft === 'string' ? draft : JSON.stringify(draft),
  );
const type = (name: Field, value: string) =>
  fireEvent.change(screen.getByLabelText(contactForm.labels[name]), { target: { value } });

/** A prerendered form as the visitor left it before the scripts ran: `typed` in its inputs. */
function prerenderedForm(typed: Partial<Record<Field, string>>, fields: Field[] = FIELDS): HTMLFormElement {
  const form = document.createElement('form');
  for (const name of fields) {
    const input = document.createElement(name === 'message' ? 'textarea' : 'input');
    input.name = name;
    input.value = typed[name] ?? '';
    form.append(input);
  }
  document.body.append(form);
  return form;
}

afterEach(() => {
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

describe('the contact draft: read back', () => {
  it('a fresh form without a draft is empty, and stores nothing', () => {
    render(<ContactForm />);
    expect(shown()).toEqual(EMPTY);
    expect(stored()).toBeNull();
  });

  it('shows the draft of this tab in the form', () => {
    store({ name: 'Jane', email: 'jane@example.co.uk', message: 'About a website' });
    render(<ContactForm />);
    expect(shown()).toEqual({
      ...EMPTY,
      name: 'Jane',
      email: 'jane@example.co.uk',
      message: 'About a website',
    });
  });

  it('keeps only the text fields it knows, each cut to the form’s limit', () => {
    store({ name: 42, email: ['x'], phone: 'n'.repeat(MAX + 10), company: 'Acme', admin: 'yes' });
    render(<ContactForm />);
    expect(shown()).toEqual({ ...EMPTY, phone: 'n'.repeat(MAX), company: 'Acme' });
  });

  it.each([
    ['not JSON', '{"name": "Ja'],
    ['JSON null', 'null'],
    ['a JSON string', '"Jane"'],
    ['a JSON number', '42'],
    ['an empty value', ''],
  ])(
    'a draft that is %s: an empty form that works, and the draft left as it is until the visitor types',
    (_label, raw) => {
      store(raw);
      render(<ContactForm />);
      expect(shown()).toEqual(EMPTY);
      expect(stored()).toBe(raw);
      type('name', 'Jane');
      expect(shown().name).toBe('Jane');
    },
  );

  it('storage the browser blocks: an empty form that works, and nothing thrown', () => {
    vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    render(<ContactForm />);
    type('name', 'Jane');
    expect(shown().name).toBe('Jane');
  });

  it('is read by every form on the page before any of them writes', () => {
    store({ name: 'Jane' });
    const { container } = render(
      <>
        <div id="a">
          <ContactForm />
        </div>
        <div id="b">
          <ContactForm />
        </div>
      </>,
    );
    expect(shown(container.querySelector('#a') as HTMLElement).name).toBe('Jane');
    expect(shown(container.querySelector('#b') as HTMLElement).name).toBe('Jane');
  });
});

describe('the contact draft: text typed before the scripts ran', () => {
  it('wins over the draft, field by field; empty inputs leave the draft’s text', () => {
    store({ name: 'Draft name', company: 'Draft company', message: 'Draft message' });
    const form = { current: prerenderedForm({ name: 'Typed name', message: 'Typed message' }) };
    const { result } = renderHook(() => useContactDraft(form));
    expect(result.current.values).toEqual({
      ...EMPTY,
      name: 'Typed name',
      company: 'Draft company',
      message: 'Typed message',
    });
  });

  it('is kept without a draft, cut to the limit, and the fields the form lacks are left empty', () => {
    const form = {
      current: prerenderedForm({ name: 'x'.repeat(MAX + 1), message: 'Hi' }, ['name', 'message']),
    };
    const { result } = renderHook(() => useContactDraft(form));
    expect(result.current.values).toEqual({ ...EMPTY, name: 'x'.repeat(MAX), message: 'Hi' });
    expect(JSON.parse(stored() ?? 'null')).toEqual(result.current.values);
  });

  it('without a form, only the draft is read', () => {
    store({ email: 'jane@example.co.uk' });
    const { result } = renderHook(() => useContactDraft());
    expect(result.current.values).toEqual({ ...EMPTY, email: 'jane@example.co.uk' });
  });

  it('handed another form, reads what was typed there', () => {
    // Refs as a component holds them: the same object from one render to the next.
    const first = { current: prerenderedForm({ name: 'First' }) };
    const second = { current: prerenderedForm({ name: 'Second' }) };
    const { result, rerender } = renderHook(({ form }) => useContactDraft(form), {
      initialProps: { form: first },
    });
    expect(result.current.values.name).toBe('First');
    rerender({ form: second });
    expect(result.current.values.name).toBe('Second');
  });
});

describe('the contact draft: written', () => {
  it('each change is kept, all fields together', () => {
    render(<ContactForm />);
    type('name', 'Jane');
    expect(JSON.parse(stored() ?? 'null')).toEqual({ ...EMPTY, name: 'Jane' });
    type('message', 'Hello');
    expect(JSON.parse(stored() ?? 'null')).toEqual({ ...EMPTY, name: 'Jane', message: 'Hello' });
  });

  it('a value over the limit is cut, in the form and in the draft', () => {
    render(<ContactForm />);
    type('message', 'm'.repeat(MAX + 5));
    expect(shown().message).toBe('m'.repeat(MAX));
    expect(JSON.parse(stored() ?? 'null').message).toBe('m'.repeat(MAX));
  });

  it('a form emptied by hand leaves no draft', () => {
    render(<ContactForm />);
    type('name', 'Jane');
    type('company', 'Acme');
    type('name', '');
    expect(stored()).not.toBeNull();
    type('company', '');
    expect(stored()).toBeNull();
  });

  it('sending clears the draft', () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    store({ name: 'Jane', email: 'jane@example.co.uk', phone: '07700 900123' });
    render(<ContactForm />);
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: contactForm.send }));
    });
    expect(shown()).toEqual(EMPTY);
    expect(stored()).toBeNull();
  });

  it('a storage that refuses to write (quota): the form keeps working', () => {
    const setItem = vi.spyOn(window.sessionStorage, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    render(<ContactForm />);
    type('name', 'Jane');
    expect(setItem).toHaveBeenCalled();
    expect(shown().name).toBe('Jane');
    expect(stored()).toBeNull();
  });
});
