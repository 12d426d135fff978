/**
 * Adapters from the contract's zod schemas to antd Form rules, so a form shows exactly the
 * messages of SPEC.md section 5 and never a second copy of a rule.
 */
import type { FormRule } from 'antd';

/** The minimal schema surface the adapters need (any zod schema has it). */
export interface Checkable {
  /** The fields of an object schema. */
  shape?: Record<string, unknown>;
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: { message: string; path: PropertyKey[] }[] } };
}

/** The first message the schema gives for a value, or null when it passes. */
export function zodMessage(schema: Checkable, value: unknown): string | null {
  const r = schema.safeParse(value);
  return r.success ? null : (r.error.issues[0]?.message ?? null);
}

/** A field rule from a field schema. */
export function zodRule(schema: Checkable): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const message = zodMessage(schema, value);
      if (message) throw new Error(message);
    },
  };
}

/**
 * A field rule from a whole-form schema (cross-field checks such as "two passwords equal"): the
 * form's values are parsed together and the first issue for this field is shown.
 */
export function zodFormRule(schema: Checkable, field: string, extra: () => Record<string, unknown> = () => ({})): FormRule {
  return ({ getFieldsValue }) => ({
    validator: async () => {
      // An untouched input is empty text, not a missing value: a type error would hide the cross-field checks.
      const given: Record<string, unknown> = { ...(getFieldsValue(true) as Record<string, unknown>), ...extra() };
      const keys = new Set([...Object.keys(schema.shape ?? {}), ...Object.keys(given)]);
      const values = Object.fromEntries([...keys].map((k) => [k, given[k] ?? '']));
      const r = schema.safeParse(values);
      if (r.success) return;
      const issue = r.error.issues.find((i) => i.path[0] === field);
      if (issue) throw new Error(issue.message);
    },
  });
}

/**
 * The rules of one field of an object schema (a call's body): the field's own schema, and — when
 * the schema refuses an empty value — antd's required mark with the schema's message, so the form
 * draws the asterisk and says exactly what the server would.
 */
export function rulesOf(schema: { shape: Record<string, unknown> }, field: string): FormRule[] {
  const own = schema.shape[field] as Checkable | undefined;
  if (!own) throw new Error(`no field ${field} in the schema`);
  const empty = zodMessage(own, '') ?? zodMessage(own, undefined);
  return empty ? [{ required: true, whitespace: true, message: empty }, zodRule(own)] : [zodRule(own)];
}
