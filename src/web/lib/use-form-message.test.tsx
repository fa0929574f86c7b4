import { act, renderHook } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { useFormMessage } from './forms';

describe('useFormMessage', () => {
  it('drops the form-level message and the root error as soon as any field changes (issue 24)', async () => {
    const { result } = renderHook(() => {
      const form = useForm<{ name: string }>({ defaultValues: { name: '' } });
      const [message, setMessage] = useFormMessage(form);
      return { form, message, setMessage, root: form.formState.errors.root?.message };
    });
    act(() => {
      result.current.setMessage('That name is taken.');
      result.current.form.setError('root', { message: 'Please fill in all fields' });
    });
    expect(result.current.message).toBe('That name is taken.');
    expect(result.current.root).toBe('Please fill in all fields');
    await act(async () => result.current.form.setValue('name', 'B'));
    expect(result.current.message).toBeNull();
    expect(result.current.root).toBeUndefined();
  });
});
