import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { FieldError } from './Field';
import { visuallyHiddenStyles } from './VisuallyHidden';

export interface RadioOption<V extends string = string> {
  value: V;
  label: ReactNode;
  description?: ReactNode;
}

const Fieldset = styled.fieldset`
  margin: 0;
  padding: 0;
  border: none;
  min-width: 0;
`;

const Legend = styled.legend`
  padding: 0;
  margin-bottom: ${({ theme }) => theme.space(2)};
  font-weight: 600;
`;

const Options = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  grid-template-columns: 1fr;

  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: repeat(auto-fill, minmax(240px, 1fr));
  }
`;

const RadioCard = styled.label<{ $checked: boolean }>`
  position: relative;
  display: flex;
  gap: ${({ theme }) => theme.space(3)};
  align-items: flex-start;
  padding: ${({ theme }) => theme.space(3)};
  border: 2px solid
    ${({ theme, $checked }) => ($checked ? theme.colors.primary : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme, $checked }) => ($checked ? theme.colors.surfaceRaised : theme.colors.surface)};
  cursor: pointer;
  transition: border-color ${({ theme }) => theme.motion.fast} ease;

  &:hover {
    border-color: ${({ theme, $checked }) => ($checked ? theme.colors.primary : theme.colors.textMuted)};
  }
  /* The native radio is hidden, so the card carries its keyboard focus ring. */
  &:has(input:focus-visible) {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
  @media (prefers-reduced-motion: reduce) {
    transition: none;
  }
`;

const HiddenRadio = styled.input`
  ${visuallyHiddenStyles}
`;

const RadioDot = styled.span<{ $checked: boolean }>`
  flex-shrink: 0;
  width: 18px;
  height: 18px;
  margin-top: 3px;
  border-radius: 50%;
  border: 2px solid
    ${({ theme, $checked }) => ($checked ? theme.colors.primary : theme.colors.textMuted)};
  box-shadow: inset 0 0 0 3px ${({ theme }) => theme.colors.surfaceRaised};
  background: ${({ theme, $checked }) => ($checked ? theme.colors.primary : 'transparent')};
`;

const OptionText = styled.span`
  display: flex;
  flex-direction: column;
  gap: 2px;
  min-width: 0;
  overflow-wrap: anywhere;
`;

const OptionLabel = styled.span`
  font-weight: 600;
`;

const OptionDescription = styled.span`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export interface RadioGroupProps<V extends string = string> {
  name: string;
  legend: ReactNode;
  options: readonly RadioOption<V>[];
  value: V | null | undefined;
  onChange: (value: V) => void;
  error?: ReactNode;
  disabled?: boolean;
  className?: string;
}

/** A set of selectable cards backed by native radios, so arrow keys and forms work as usual. */
export function RadioGroup<V extends string = string>({
  name,
  legend,
  options,
  value,
  onChange,
  error,
  disabled,
  className,
}: RadioGroupProps<V>) {
  const baseId = useId();
  const errorId = error ? `${baseId}-error` : undefined;
  return (
    <Fieldset className={className} disabled={disabled} aria-describedby={errorId}>
      <Legend>{legend}</Legend>
      <Options>
        {options.map((option) => {
          const checked = option.value === value;
          const labelId = `${baseId}-${option.value}-label`;
          const descriptionId = option.description
            ? `${baseId}-${option.value}-description`
            : undefined;
          return (
            <RadioCard key={option.value} $checked={checked}>
              <HiddenRadio
                type="radio"
                name={name}
                value={option.value}
                checked={checked}
                onChange={() => onChange(option.value)}
                aria-labelledby={labelId}
                aria-describedby={descriptionId}
              />
              <RadioDot aria-hidden="true" $checked={checked} />
              <OptionText>
                <OptionLabel id={labelId}>{option.label}</OptionLabel>
                {option.description && (
                  <OptionDescription id={descriptionId}>{option.description}</OptionDescription>
                )}
              </OptionText>
            </RadioCard>
          );
        })}
      </Options>
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </Fieldset>
  );
}
