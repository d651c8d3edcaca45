import { type FormEvent, useCallback, useRef, useState } from 'react';
import { placeServerErrors } from '../../ui/form/server-errors';

/** Field values: text, or a tick (the terms). */
type Values<V> = { [K in keyof V]: string | boolean };

/** A field's check: its message, or nothing when the value is fine. May wait (the common-password list). */
export type FieldCheck<V extends Values<V>> = (
  value: V[keyof V],
  values: V,
) => string | undefined | Promise<string | undefined>;

export interface AuthFormSpec<V extends Values<V>> {
  initial: V;
  /** Checks per field, first failing one wins. */
  checks: { [K in keyof V]?: FieldCheck<V>[] };
  /** A field checked again when another changes (the password when the username does), once touched. */
  dependents?: { [K in keyof V]?: (keyof V)[] };
}

export interface AuthForm<V extends Values<V>> {
  values: V;
  errors: Partial<Record<keyof V, string>>;
  set<K extends keyof V>(name: K, value: V[K]): void;
  /** Checks every field and shows every message; true when all pass. */
  validateAll(): Promise<boolean>;
  /** What a failed call said on top of the form (its field errors go under the fields); cleared by any change. */
  error: string | null;
  /** True while `submit`'s call runs. */
  busy: boolean;
  /** The form's submit handler: checks every field, then sends the values once, showing what fails. */
  submit(send: (values: V) => Promise<void>): (event: FormEvent) => Promise<void>;
}

/**
 * The sign-in page's forms without antd: values, the checks antd's rules made (on every change
 * once a field is touched, all of them on submit), dependent fields, and the server's field errors
 * under their fields until the field changes. A check's late answer never overwrites a newer one.
 */
export function useAuthForm<V extends Values<V>>(spec: AuthFormSpec<V>): AuthForm<V> {
  const [values, setValues] = useState<V>(spec.initial);
  const [errors, setErrors] = useState<Partial<Record<keyof V, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const current = useRef(values);
  const touched = useRef(new Set<keyof V>());
  const runs = useRef(new Map<keyof V, number>());
  const specRef = useRef(spec);
  specRef.current = spec;

  const check = useCallback(async (name: keyof V, all: V): Promise<boolean> => {
    const run = (runs.current.get(name) ?? 0) + 1;
    runs.current.set(name, run);
    let message: string | undefined;
    for (const rule of specRef.current.checks[name] ?? []) {
      message = await rule(all[name], all);
      if (message) break;
    }
    if (runs.current.get(name) === run) setErrors((e) => ({ ...e, [name]: message }));
    return !message;
  }, []);

  const set = useCallback(
    <K extends keyof V>(name: K, value: V[K]) => {
      const next = { ...current.current, [name]: value };
      current.current = next;
      setValues(next);
      touched.current.add(name);
      setError(null);
      void check(name, next);
      for (const other of specRef.current.dependents?.[name] ?? []) {
        if (touched.current.has(other)) void check(other, next);
      }
    },
    [check],
  );

  const validateAll = useCallback(async () => {
    const all = current.current;
    const names = Object.keys(all) as (keyof V)[];
    for (const name of names) touched.current.add(name);
    const passed = await Promise.all(names.map((name) => check(name, all)));
    return passed.every(Boolean);
  }, [check]);

  const showServerError = useCallback((error: unknown) => {
    const names = Object.keys(current.current);
    const { placed, message } = placeServerErrors(
      error,
      names.map((name) => [name]),
    );
    if (placed.length) {
      setErrors((e) => {
        const next = { ...e };
        for (const { name, errors: sentences } of placed) next[String(name[0]) as keyof V] = sentences.join(' ');
        return next;
      });
    }
    return message;
  }, []);

  const submit = (send: (values: V) => Promise<void>) => async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !(await validateAll())) return;
    setBusy(true);
    setError(null);
    try {
      await send(current.current);
    } catch (err) {
      setError(showServerError(err));
    } finally {
      setBusy(false);
    }
  };

  return { values, errors, set, validateAll, error, busy, submit };
}

/** A value that must be there; `blankCounts` takes spaces only as a value (antd's `required` without `whitespace`). */
export function required<V extends Values<V>>(message: string, blankCounts = false): FieldCheck<V> {
  return (value) => {
    if (value === true) return undefined;
    if (typeof value === 'string' && (blankCounts ? value : value.trim())) return undefined;
    return message;
  };
}
