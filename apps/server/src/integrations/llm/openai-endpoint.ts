import { CircuitBreaker, type CircuitBreakerOptions } from './circuit-breaker';
import type { ProviderCallOptions } from './provider-call';

/** What every OpenAI-compatible client of the console is given: where, who, which model, how to call. */
export interface OpenAiEndpointConfig extends ProviderCallOptions {
  baseUrl: string;
  apiKey?: string | undefined;
  model: string;
  /** This client's breaker, or the thresholds for a new one (default 5 failures, 30 s cool-down). */
  breaker?: CircuitBreaker | CircuitBreakerOptions;
}

/** `…/v1` + `/chat/completions`, whether or not the base URL ends with a slash. */
export function chatCompletionsUrl(baseUrl: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/chat/completions`;
}

/** The breaker a client calls through: the one given, or a new one with the given thresholds. */
export function breakerOf(option: OpenAiEndpointConfig['breaker']): CircuitBreaker {
  return option instanceof CircuitBreaker ? option : new CircuitBreaker(option);
}

/** A JSON POST to the endpoint, with the API key when there is one. */
export function jsonPost(config: Pick<OpenAiEndpointConfig, 'apiKey'>, body: unknown, accept?: string): RequestInit {
  return {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(accept ? { accept } : {}),
      ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
    },
    body: JSON.stringify(body),
  };
}
