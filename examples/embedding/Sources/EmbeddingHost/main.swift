import Switchyard
import SwitchyardLua
print("hello")
