import { EmptyState, RadioGroup, type Server } from '@roconnect/shared-lib';

interface Props {
  accountChosen: boolean;
  servers: Server[];
  value: string | null;
  onChange: (serverId: string) => void;
  disabled: boolean;
}

/** The second step: appears once an account is chosen (docs/product.md › Verify). */
export function ServerChoice({ accountChosen, servers, value, onChange, disabled }: Props) {
  if (!accountChosen) {
    return (
      <EmptyState
        icon="pointer"
        title="Select an Account"
        description="Choose one of your Roblox accounts above to see the servers where you can verify it."
      />
    );
  }
  if (servers.length === 0) {
    return (
      <EmptyState
        icon="server"
        title="No Eligible Servers"
        description="Join a Discord server that has the RoConnect bot set up, or invite the bot to a server you manage from your dashboard's Servers tab."
      />
    );
  }
  return (
    <RadioGroup
      name="verify-server"
      legend="Choose a server"
      value={value}
      onChange={onChange}
      disabled={disabled}
      options={servers.map((server) => ({
        value: server.server_id,
        label: server.server_name,
        description: `${server.owner ? 'Owner' : 'Member'} · ${server.member_count.toLocaleString()} members`,
      }))}
    />
  );
}
