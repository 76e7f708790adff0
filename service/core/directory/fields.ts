/** What the directory's stores refuse alike: a field a person typed that holds only spaces. */
export interface FieldError {
  parameter: string;
  detail: string;
}

/** The named text fields of `input` that are present but blank once trimmed, each naming its field. */
export const blankFields = <T extends object>(input: T, names: (keyof T & string)[]): FieldError[] =>
  names
    .filter((name) => typeof input[name] === 'string' && (input[name] as string).trim() === '')
    .map((name) => ({ parameter: `body.${name}`, detail: 'must hold more than spaces' }));
