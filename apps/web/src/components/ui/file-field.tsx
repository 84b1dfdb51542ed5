import { TextField, type TextFieldProps } from "./text-field.tsx";

/** A file input drawn as the app's secondary button ("Choose file") beside the chosen file's name. */
export const FILE_INPUT =
  "block w-full text-sm text-slate-800 file:mr-3 file:cursor-pointer file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-4 file:py-2 file:font-semibold file:text-slate-800 hover:file:bg-slate-100 dark:file:border-slate-600 dark:file:bg-slate-900 dark:file:text-slate-100 dark:hover:file:bg-slate-800 dark:text-slate-200";

/** A labelled file input (TextField of type file) in the app's file-button style. */
export function FileField(props: Omit<TextFieldProps, "type">) {
  return <TextField type="file" className={`mt-1 ${FILE_INPUT}`} {...props} />;
}
