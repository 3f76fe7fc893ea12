import { Check, Send } from 'lucide';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { buttonStyles } from '../../components/button-styles.ts';
import { Icon } from '../../components/icon.tsx';
import { contactForm } from '../../content/contact-form.ts';
import { type ContactField, useContactDraft } from './use-contact-draft.ts';

const inputClass =
  'mt-2 block min-h-12 w-full rounded-xl border border-slate-300 bg-white px-4 py-3 text-base text-slate-900 shadow-sm ' +
  'placeholder:text-slate-400 transition-colors duration-150 hover:border-slate-400 ' +
  'focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600';

interface FieldSpec {
  field: ContactField;
  type: 'text' | 'email' | 'tel';
  autoComplete: string;
  required: boolean;
}

const fields: readonly FieldSpec[] = [
  { field: 'name', type: 'text', autoComplete: 'name', required: true },
  { field: 'email', type: 'email', autoComplete: 'email', required: true },
  { field: 'phone', type: 'tel', autoComplete: 'tel', required: true },
  { field: 'company', type: 'text', autoComplete: 'organization', required: false },
];

/**
 * The contact form (docs/requirements.md, "States and transitions" and "Validation rules"): name, email and phone
 * required; sending makes no network call (the values go to the console), the button reads "Message Sent!" for 3
 * seconds, and the form and its draft are cleared.
 */
export function ContactForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const { values, setField, clear } = useContactDraft(formRef);
  const [sent, setSent] = useState(false);
  const id = useId();

  useEffect(() => {
    if (!sent) return;
    const timer = window.setTimeout(() => setSent(false), contactForm.sentForMs);
    return () => window.clearTimeout(timer);
  }, [sent]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The browser refuses an empty required field itself; a field of spaces only passes its check but is as empty.
    const blank = fields.find((spec) => spec.required && values[spec.field].trim() === '');
    const input = blank ? event.currentTarget.elements.namedItem(blank.field) : null;
    if (input instanceof HTMLInputElement) {
      input.setCustomValidity(contactForm.requiredError);
      input.reportValidity();
      return;
    }
    console.log('Contact form submitted', { ...values });
    clear();
    setSent(true);
  };

  return (
    <form
      ref={formRef}
      onSubmit={onSubmit}
      aria-labelledby={`${id}-title`}
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-md sm:p-8"
    >
      <div className="flex items-baseline justify-between gap-4">
        <h3 id={`${id}-title`} className="text-xl font-semibold text-slate-900">
          {contactForm.title}
        </h3>
        <p className="text-sm text-slate-600">{contactForm.requiredNote}</p>
      </div>
      <div className="mt-6 grid gap-5 sm:grid-cols-2">
        {fields.map((spec) => (
          <div key={spec.field}>
            <label htmlFor={`${id}-${spec.field}`} className="block text-sm font-semibold text-slate-800">
              {contactForm.labels[spec.field]}
            </label>
            <input
              id={`${id}-${spec.field}`}
              name={spec.field}
              type={spec.type}
              autoComplete={spec.autoComplete}
              required={spec.required}
              placeholder={contactForm.placeholders[spec.field]}
              maxLength={contactForm.maxFieldLength}
              value={values[spec.field]}
              onChange={(event) => {
                event.target.setCustomValidity('');
                setField(spec.field, event.target.value);
              }}
              className={inputClass}
            />
          </div>
        ))}
        <div className="sm:col-span-2">
          <label htmlFor={`${id}-message`} className="block text-sm font-semibold text-slate-800">
            {contactForm.labels.message}
          </label>
          <textarea
            id={`${id}-message`}
            name="message"
            rows={4}
            placeholder={contactForm.placeholders.message}
            maxLength={contactForm.maxFieldLength}
            value={values.message}
            onChange={(event) => setField('message', event.target.value)}
            className={`${inputClass} resize-y`}
          />
        </div>
      </div>
      <div className="mt-6 flex flex-col gap-4 sm:flex-row sm:items-center">
        <button
          type="submit"
          className={`${buttonStyles.primary} sm:min-w-48 ${sent ? '!bg-emerald-700 hover:!bg-emerald-800' : ''}`}
        >
          {sent ? <Icon icon={Check} className="size-5" /> : <Icon icon={Send} className="size-4" />}
          {sent ? contactForm.sent : contactForm.send}
        </button>
        <p role="status" className="text-sm font-medium text-emerald-800">
          {sent ? contactForm.thanks : ''}
        </p>
      </div>
    </form>
  );
}
