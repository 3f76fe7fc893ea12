/** The payment provider's stand-in over real HTTP on an ephemeral port, alone (beside the platform: emulator-harness.ts). */
import {
  createPaymentProvider,
  type PaymentProvider,
  type PaymentProviderOptions,
} from '../../host-harness/payments/index.ts';
import { type Answer, type CallOptions, callerOf, type Json } from './http-call.ts';

export interface RunningProvider {
  instance: PaymentProvider;
  url: string;
  call<T = Json>(method: string, path: string, opts?: CallOptions): Promise<Answer<T>>;
  close(): Promise<void>;
}

export async function startProvider(opts: PaymentProviderOptions = {}): Promise<RunningProvider> {
  const provider = await createPaymentProvider({ quiet: true, ...opts });
  const url = await provider.listen();
  return { instance: provider, url, call: callerOf(url), close: () => provider.close() };
}
