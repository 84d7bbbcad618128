import { BIND_KIND_FIELDS, BIND_KINDS } from './constants';
import type { BindFields, BindInputFields, BindKindField, BindRule } from './console';

// The bind's shape is written once, in the schemas (./schemas/binds.ts); BIND_KIND_FIELDS says
// which of their fields each kind has, and the contract's bind types, the mock API and the API's
// checks read it. These keep the two in step: a field added to one and not the other fails here
// (the type-level half in `npm run typecheck`).
describe("the bind's shape", () => {
  it('names each kind once, and each field of a kind in that kind only', () => {
    const fields: string[] = Object.values(BIND_KIND_FIELDS).flat();
    expect(Object.keys(BIND_KIND_FIELDS).sort()).toEqual([...BIND_KINDS].sort());
    expect(new Set(fields).size).toBe(fields.length);
  });
});

type Equals<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** every field of the schema's bind is the kind, the rule's, or one kind's, and no other */
export const savedBind: Equals<keyof BindFields, 'kind' | keyof BindRule | BindKindField> = true;
export const sentBind: Equals<keyof BindInputFields, 'kind' | keyof BindRule | BindKindField> =
  true;
/** a kind's fields are optional in the schemas: which are present depends on the kind */
export const kindFieldsOptional: Equals<
  Partial<Pick<BindFields, BindKindField>>,
  Pick<BindFields, BindKindField>
> = true;
