import { BellRing, CheckCheck, MessageCircle } from 'lucide';
import { Icon } from '../../components/icon.tsx';
import { dashboardMock } from '../../content/home.ts';
import { type PipelineStage, pipelineStages } from '../../content/solutions.ts';

const stageTone: Record<PipelineStage, { dot: string; bar: string }> = {
  New: { dot: 'bg-brand-500', bar: 'bg-brand-200' },
  Contacted: { dot: 'bg-amber-500', bar: 'bg-amber-200' },
  Converted: { dot: 'bg-emerald-500', bar: 'bg-emerald-200' },
  Lost: { dot: 'bg-slate-400', bar: 'bg-slate-200' },
};

/**
 * The hero's picture of the product (docs/design.md): a small pipeline board drawn in HTML/CSS, with a WhatsApp
 * auto-reply and a follow-up reminder. Decorative for assistive technology; the caption describes it.
 */
export function DashboardMock() {
  return (
    <figure className="relative mx-auto w-full max-w-xl lg:max-w-none">
      <figcaption className="sr-only">{dashboardMock.caption}</figcaption>
      <div aria-hidden="true" className="relative pt-8 pb-28 sm:pb-16">
        <div className="absolute inset-x-6 top-12 bottom-6 rounded-[2rem] bg-brand-300/30 blur-2xl" />
        <div className="relative overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-lg">
          <div className="flex h-10 items-center gap-1.5 border-b border-slate-100 bg-slate-50 px-4">
            <span className="size-2.5 rounded-full bg-rose-300" />
            <span className="size-2.5 rounded-full bg-amber-300" />
            <span className="size-2.5 rounded-full bg-emerald-300" />
            <span className="ml-3 truncate text-xs font-semibold text-slate-700">
              {dashboardMock.windowTitle}
            </span>
            <span className="ml-auto shrink-0 rounded-full bg-white px-2 py-0.5 text-[11px] whitespace-nowrap text-slate-600 ring-1 ring-slate-200">
              {dashboardMock.period}
            </span>
          </div>
          <ul className="hidden grid-cols-3 gap-3 px-4 pt-4 sm:grid">
            {dashboardMock.kpis.map((kpi) => (
              <li key={kpi.label} className="rounded-xl border border-slate-200 px-3 py-2.5">
                <p className="truncate text-[11px] text-slate-600">{kpi.label}</p>
                <p className="mt-0.5 flex items-baseline gap-2">
                  <span className="text-lg font-bold text-slate-900">{kpi.value}</span>
                  <span className="text-[11px] font-semibold text-emerald-700">{kpi.trend}</span>
                </p>
              </li>
            ))}
          </ul>
          <div className="grid grid-cols-2 gap-2 p-3 sm:grid-cols-4 sm:gap-3 sm:p-4">
            {pipelineStages.map((stage) => {
              const cards = dashboardMock.cards[stage];
              return (
                <div key={stage} className="min-w-0 rounded-xl bg-slate-50 p-2 sm:min-h-48">
                  <div className="flex items-center justify-between gap-1 px-0.5 pb-2">
                    <span className="flex min-w-0 items-center gap-1.5 text-[11px] font-semibold text-slate-800 sm:text-xs">
                      <span className={`size-2 shrink-0 rounded-full ${stageTone[stage].dot}`} />
                      <span className="truncate">{stage}</span>
                    </span>
                    <span className="hidden text-[11px] text-slate-500 sm:inline">{cards.length}</span>
                  </div>
                  <ul className="space-y-1.5">
                    {cards.map((card) => (
                      <li
                        key={card.name}
                        className="rounded-lg border border-slate-200 bg-white p-1.5 shadow-sm sm:p-2"
                      >
                        <p className="truncate text-[11px] font-semibold text-slate-800 sm:text-xs">
                          {card.name}
                        </p>
                        <p className="truncate text-[10px] text-slate-500 sm:text-[11px]">{card.job}</p>
                        <span className={`mt-1.5 block h-1 w-2/3 rounded-full ${stageTone[stage].bar}`} />
                      </li>
                    ))}
                  </ul>
                </div>
              );
            })}
          </div>
        </div>

        <div className="absolute right-0 bottom-0 w-72 max-w-[88%] rounded-2xl rounded-br-sm border border-slate-200 bg-white p-3 shadow-lg sm:-right-4">
          <div className="flex items-center gap-2">
            <span className="grid size-6 shrink-0 place-items-center rounded-full bg-[#25D366] text-white">
              <Icon icon={MessageCircle} className="size-3.5" />
            </span>
            <span className="text-xs font-semibold text-slate-900">{dashboardMock.whatsapp.from}</span>
            <span className="ml-auto rounded-full bg-emerald-50 px-2 py-0.5 text-[11px] font-medium text-emerald-800">
              {dashboardMock.whatsapp.tag}
            </span>
          </div>
          <p className="mt-2 text-xs leading-5 text-slate-700">{dashboardMock.whatsapp.text}</p>
          <Icon icon={CheckCheck} className="mt-1 ml-auto size-4 text-sky-600" />
        </div>

        <div className="absolute top-0 left-0 flex items-center gap-2 rounded-full border border-amber-200 bg-amber-50 px-3 py-1.5 text-xs font-semibold text-amber-900 shadow-md sm:-left-4">
          <Icon icon={BellRing} className="size-3.5 shrink-0" />
          {dashboardMock.reminder}
        </div>
      </div>
    </figure>
  );
}
