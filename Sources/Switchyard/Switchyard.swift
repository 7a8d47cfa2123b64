// placeholder until the routing core lands
