import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';

/** A tab whose feature is not built yet: says so plainly instead of showing controls that do nothing. */
export function PlaceholderTab({ title, text }: { title: string; text: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <p className="text-slate-600">{text}</p>
      </CardContent>
    </Card>
  );
}
