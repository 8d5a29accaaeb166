// Replaces the original (no @theme-original): importing it at all would bundle react-live, whose preview needs `unsafe-eval`.
/**
 * The try-it panel's request body editor, replacing the theme's (docusaurus-theme-openapi-docs),
 * which is built on react-live: react-live evaluates the edited text as code with
 * `new Function` to render a preview, which the portal's Content-Security-Policy (no
 * `unsafe-eval`) refuses on every keystroke, and which a JSON body never needs. This is a
 * labelled text area with the same contract: it starts from the example body (`children`),
 * reports every change through `action`, and is the form's `requestBody` field (required when
 * the operation's body is).
 */
import React, {useEffect, useEffectEvent, useId, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import {translate} from '@docusaurus/Translate';
import {Controller, useFormContext} from 'react-hook-form';

import styles from './styles.module.css';

type Props = {
  children: string;
  action: (code: string) => void;
  required?: boolean;
  language?: string;
};

export default function LiveEditor({children, action, required}: Props): ReactNode {
  const [code, setCode] = useState(children.replace(/\n$/, ''));
  const id = useId();
  // The caller hands a new `action` on every render and re-renders on each call: reporting on
  // changes of `code` only (as the theme's editor does), to the latest `action`, keeps that
  // from looping.
  const report = useEffectEvent(action);
  useEffect(() => {
    report(code);
  }, [code]);
  const {
    control,
    formState: {errors},
  } = useFormContext();
  const error = errors?.requestBody?.message;
  const rows = Math.min(Math.max(code.split('\n').length + 1, 4), 24);
  return (
    <div className="openapi-explorer__playground-container">
      <label htmlFor={id} className={styles.label}>
        {translate({
          id: 'reference.body.editorLabel',
          message: 'Request body',
          description: 'The label of the request body editor in the try-it panel',
        })}
      </label>
      <Controller
        control={control}
        name="requestBody"
        rules={{
          required:
            required && !code
              ? translate({id: 'theme.openapi.form.fieldRequired', message: 'This field is required'})
              : false,
        }}
        render={({field: {onChange, name}}) => (
          <textarea
            id={id}
            name={name}
            className={clsx('openapi-explorer__playground-editor', styles.editor, {
              'openapi-explorer__form-item-input': Boolean(error),
              error: Boolean(error),
            })}
            value={code}
            rows={rows}
            spellCheck={false}
            autoCapitalize="off"
            autoComplete="off"
            autoCorrect="off"
            onChange={(e) => {
              setCode(e.target.value);
              onChange(e.target.value);
            }}
          />
        )}
      />
      {typeof error === 'string' && <div className="openapi-explorer__input-error">{error}</div>}
    </div>
  );
}
